import * as http from 'node:http';
import { LoopbackServer } from './loopback';

/**
 * One call the model makes: a function (`namespace`: an MCP server's, as Codex groups them) or a
 * freeform (custom) tool's. `fills`: the answer says the context is past Codex's auto-compaction
 * limit, so that Codex compacts once the call has run, before its next request.
 */
export type ResponsesCall = ({ function: string; args: Record<string, unknown>; namespace?: string } | { custom: string; input: string }) & {
  before?: () => void;
  ready?: (input: unknown[]) => boolean;
  fills?: true;
};

/** What the Codex CLI is configured with (`codexConfig`): the tokens a context holds before Codex compacts it, and the prompt it compacts with. */
export const CODEX_COMPACTION = { limit: 100_000, prompt: 'SCRIPTED-COMPACT: summarise the conversation so far.' };

/** The tokens a `fills` answer says the context holds: past the limit, within gpt-5.5's context window (272,000). */
const FULL = 150_000;

/** Whether a request is Codex's compaction: its history, then the compaction prompt as the last user message. */
const compacting = (input: Record<string, unknown>[]) => {
  const last = input.at(-1);
  return last?.type === 'message' && last.role === 'user' && JSON.stringify(last.content).includes(CODEX_COMPACTION.prompt);
};

const callOutputs = (input: Record<string, unknown>[]) => input.filter((item) => /_call_output$/.test(String(item.type)));

/** The no-op call the model makes while a step is not ready: one more turn of the CLI's own loop. */
const WAIT: ResponsesCall = { function: 'exec_command', args: { cmd: 'true' } };

/** How many turns a step may wait for its tools to be there before the script gives up on it. */
const MOST_WAITS = 20;

/**
 * A real HTTP server speaking OpenAI's Responses API (`POST /v1/responses`, streamed as server-sent
 * events) as the Codex CLI calls it, answering like a model that makes the script's calls, one a
 * turn (the step is the number of tool outputs it was given, those a compaction took out
 * included), then ends with a text. A step with `ready` waits, one no-op shell call a turn, until
 * the input shows what it needs (an MCP server's tools, which Codex adds while the session runs).
 * Codex's compaction request is answered with a summary, and the steps go on from where they were.
 * Every request body is kept.
 */
export class ScriptedResponses extends LoopbackServer {
  readonly requests: { url: string; body: Record<string, unknown> }[] = [];
  script: ResponsesCall[] = [];
  private waits = 0;
  /** The tool outputs compactions took out of the input. */
  private compacted = 0;

  get url(): string {
    return `${this.origin}/v1`;
  }

  /** The input items of the last request the agent made. */
  lastInput(): Record<string, unknown>[] {
    const turns = this.requests.filter((r) => r.url === '/v1/responses');
    return (turns.at(-1)?.body.input ?? []) as Record<string, unknown>[];
  }

  /** The input of each compaction request Codex made, in order: the history it summarised. */
  compactions(): Record<string, unknown>[][] {
    return this.requests.map((r) => (r.body.input ?? []) as Record<string, unknown>[]).filter(compacting);
  }

  /** The text of every tool output the model was given in `input` (by default the last request's), in order. */
  outputs(input = this.lastInput()): string[] {
    return callOutputs(input).map((item) => (typeof item.output === 'string' ? item.output : JSON.stringify(item.output)));
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
    const input = (body.input ?? []) as Record<string, unknown>[];
    if (compacting(input)) {
      this.compacted += callOutputs(input).length;
      this.respond(res, this.message('SCRIPTED-SUMMARY: the script goes on.'));
      return;
    }
    const call = this.call(input);
    this.respond(res, call ? this.item(call) : this.message('SCRIPTED-DONE'), call?.fills ? FULL : 120);
  }

  /** This turn's call: the script's next (or a wait for it), or none once the script is done. */
  private call(input: Record<string, unknown>[]): ResponsesCall | undefined {
    const answered = this.compacted + callOutputs(input).length - this.waits;
    const call = this.script[answered];
    if (call?.ready && !call.ready(input) && this.waits < MOST_WAITS) {
      this.waits++;
      return WAIT;
    }
    call?.before?.();
    return call;
  }

  private message(text: string): Record<string, unknown> {
    return {
      type: 'message',
      id: `msg_${this.requests.length}`,
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text, annotations: [] }],
    };
  }

  private item(call: ResponsesCall): Record<string, unknown> {
    const n = this.requests.length;
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

  /** Streams the answer; `tokens`: the context the usage reports, prompt and answer. */
  private respond(res: http.ServerResponse, item: Record<string, unknown>, tokens = 120): void {
    const id = `resp_${this.requests.length}`;
    const usage = {
      input_tokens: tokens - 20,
      output_tokens: 20,
      total_tokens: tokens,
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
