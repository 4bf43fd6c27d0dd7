import * as http from 'node:http';
import { LoopbackServer } from './loopback';

/** One call the model makes: a function (`namespace`: an MCP server's, as Codex groups them) or a freeform (custom) tool's. */
export type ResponsesCall =
  | { function: string; args: Record<string, unknown>; namespace?: string; before?: () => void; ready?: (input: unknown[]) => boolean }
  | { custom: string; input: string; before?: () => void; ready?: (input: unknown[]) => boolean };

/** The no-op call the model makes while a step is not ready: one more turn of the CLI's own loop. */
const WAIT: ResponsesCall = { function: 'exec_command', args: { cmd: 'true' } };

/** How many turns a step may wait for its tools to be there before the script gives up on it. */
const MOST_WAITS = 20;

/**
 * A real HTTP server speaking OpenAI's Responses API (`POST /v1/responses`, streamed as server-sent
 * events) as the Codex CLI calls it, answering like a model that makes the script's calls, one a
 * turn (the step is the number of tool outputs in the input), then ends with a text. A step with
 * `ready` waits, one no-op shell call a turn, until the input shows what it needs (an MCP server's
 * tools, which Codex adds while the session runs). Every request body is kept.
 */
export class ScriptedResponses extends LoopbackServer {
  readonly requests: { url: string; body: Record<string, unknown> }[] = [];
  script: ResponsesCall[] = [];
  private waits = 0;

  get url(): string {
    return `${this.origin}/v1`;
  }

  /** The input items of the last request the agent made. */
  lastInput(): Record<string, unknown>[] {
    const turns = this.requests.filter((r) => r.url === '/v1/responses');
    return (turns.at(-1)?.body.input ?? []) as Record<string, unknown>[];
  }

  /** The text of every tool output the model was given in the last request, in order. */
  outputs(): string[] {
    return this.lastInput()
      .filter((item) => item.type === 'function_call_output' || item.type === 'custom_tool_call_output')
      .map((item) => (typeof item.output === 'string' ? item.output : JSON.stringify(item.output)));
  }

  protected route(req: http.IncomingMessage, res: http.ServerResponse, raw: string): void {
    const url = (req.url ?? '').split('?')[0];
    const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    this.requests.push({ url, body });
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data: [{ id: 'gpt-5.5', object: 'model' }] }));
      return;
    }
    if (req.method !== 'POST' || url !== '/v1/responses') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `no route ${req.method} ${url}` } }));
      return;
    }
    this.respond(res, this.item((body.input ?? []) as Record<string, unknown>[]));
  }

  /** The output item for this turn: the script's next call (or a wait for it), else the final message. */
  private item(input: Record<string, unknown>[]): Record<string, unknown> {
    const n = this.requests.length;
    const answered = input.filter((item) => /_call_output$/.test(String(item.type))).length - this.waits;
    let call = this.script[answered];
    if (call?.ready && !call.ready(input) && this.waits < MOST_WAITS) {
      this.waits++;
      call = WAIT;
    } else call?.before?.();
    if (!call) {
      return {
        type: 'message',
        id: `msg_${n}`,
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: 'SCRIPTED-DONE', annotations: [] }],
      };
    }
    if ('custom' in call) return { type: 'custom_tool_call', id: `ctc_${n}`, call_id: `call_${n}`, name: call.custom, input: call.input, status: 'completed' };
    return {
      type: 'function_call',
      id: `fc_${n}`,
      call_id: `call_${n}`,
      name: call.function,
      arguments: JSON.stringify(call.args),
      status: 'completed',
      ...(call.namespace && { namespace: call.namespace }),
    };
  }

  private respond(res: http.ServerResponse, item: Record<string, unknown>): void {
    const id = `resp_${this.requests.length}`;
    const usage = {
      input_tokens: 100,
      output_tokens: 20,
      total_tokens: 120,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens_details: { reasoning_tokens: 0 },
    };
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const event = (type: string, data: object) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    event('response.created', { response: { id, object: 'response', status: 'in_progress', output: [] } });
    event('response.output_item.added', { output_index: 0, item });
    event('response.output_item.done', { output_index: 0, item });
    event('response.completed', { response: { id, object: 'response', status: 'completed', output: [item], usage } });
    res.end();
  }
}
