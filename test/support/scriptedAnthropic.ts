import * as http from 'node:http';
import { LoopbackServer } from './loopback';

/**
 * A real HTTP server speaking the Anthropic Messages API (streaming and not), answering like a
 * model that reads one file: its first turn calls the read tool on `target`, with `range` lines
 * if given (or, with `command`, calls the shell tool named `readTool` with that command line);
 * once any tool result is in the conversation, it ends the turn. Requests without the read tool
 * (titles, summaries) get a short text. Every request body is kept.
 */
export class ScriptedAnthropic extends LoopbackServer {
  readonly requests: { url: string; body: Record<string, unknown> }[] = [];
  target = '';
  range?: [number, number];
  readTool = 'Read';
  /** A command line for the shell tool `readTool` to run, instead of a read. */
  command?: string;
  /**
   * Instead of one read, these calls in turn, one per turn (`before` runs as the call is made:
   * a change on disk between two calls); the turn after the last one ends.
   */
  script?: { tool: string; input: Record<string, unknown>; before?: () => void }[];

  get url(): string {
    return this.origin;
  }

  /** Every message request that offered the read tool: the agent's own turns. */
  agentTurns(): Record<string, unknown>[] {
    return this.requests
      .filter((r) => r.url === '/v1/messages' && Array.isArray(r.body.tools) && (r.body.tools as { name: string }[]).some((t) => t.name === this.readTool))
      .map((r) => r.body);
  }

  protected route(req: http.IncomingMessage, res: http.ServerResponse, raw: string): void {
    const url = (req.url ?? '').split('?')[0];
    const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    this.requests.push({ url, body });
    const json = (status: number, value: unknown): void => void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (req.method === 'POST' && url === '/v1/messages/count_tokens') return json(200, { input_tokens: 1000 });
    if (req.method === 'GET' && url.startsWith('/v1/models')) {
      return json(200, {
        data: [{ type: 'model', id: 'claude-sonnet-4-5', display_name: 'Claude Sonnet 4.5', created_at: '2025-01-01T00:00:00Z' }],
        has_more: false,
      });
    }
    if (req.method === 'POST' && url === '/v1/messages') return this.message(res, body);
    return json(404, { type: 'error', error: { type: 'not_found_error', message: `no route ${req.method} ${url}` } });
  }

  private reply(body: Record<string, unknown>): { stop: string; content: Record<string, unknown>[] } {
    const tools = (body.tools ?? []) as { name: string; input_schema?: { properties?: Record<string, unknown> } }[];
    const read = tools.find((t) => t.name === this.readTool);
    const messages = (body.messages ?? []) as { content: unknown }[];
    const answered = messages.some((m) => Array.isArray(m.content) && m.content.some((b: { type?: string }) => b?.type === 'tool_result'));
    if (!read) return { stop: 'end_turn', content: [{ type: 'text', text: 'ok' }] };
    if (this.script) {
      const step = messages.flatMap((m) => (Array.isArray(m.content) ? m.content : [])).filter((b: { type?: string }) => b?.type === 'tool_result').length;
      const call = this.script[step];
      if (!call) return { stop: 'end_turn', content: [{ type: 'text', text: 'SCRIPTED-DONE' }] };
      call.before?.();
      return { stop: 'tool_use', content: [{ type: 'tool_use', id: `toolu_${this.requests.length}`, name: call.tool, input: call.input }] };
    }
    if (answered) return { stop: 'end_turn', content: [{ type: 'text', text: 'SCRIPTED-DONE' }] };
    const properties = read.input_schema?.properties ?? {};
    if (this.command !== undefined) {
      // The shell tool's input as its schema names it: the command, and the description both hosts ask for.
      const input = { command: this.command, ...(properties.description ? { description: 'Read the file' } : {}) };
      return { stop: 'tool_use', content: [{ type: 'tool_use', id: `toolu_${this.requests.length}`, name: read.name, input }] };
    }
    const input: Record<string, unknown> = { [properties.file_path ? 'file_path' : 'path']: this.target };
    if (this.range) {
      if (properties.view_range) input.view_range = this.range;
      else Object.assign(input, { offset: this.range[0], limit: this.range[1] - this.range[0] + 1 });
    }
    return { stop: 'tool_use', content: [{ type: 'tool_use', id: `toolu_${this.requests.length}`, name: read.name, input }] };
  }

  private message(res: http.ServerResponse, body: Record<string, unknown>): void {
    const { stop, content } = this.reply(body);
    const id = `msg_${this.requests.length}`;
    const model = String(body.model ?? 'claude-sonnet-4-5');
    const usage = { input_tokens: 100, output_tokens: 20, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
    if (!body.stream) {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id, type: 'message', role: 'assistant', model, content, stop_reason: stop, stop_sequence: null, usage }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const event = (type: string, data: object) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    event('message_start', { message: { id, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage } });
    content.forEach((block, index) => {
      if (block.type === 'text') {
        event('content_block_start', { index, content_block: { type: 'text', text: '' } });
        event('content_block_delta', { index, delta: { type: 'text_delta', text: block.text } });
      } else {
        event('content_block_start', { index, content_block: { ...block, input: {} } });
        event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } });
      }
      event('content_block_stop', { index });
    });
    event('message_delta', { delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 20 } });
    event('message_stop', {});
    res.end();
  }
}
