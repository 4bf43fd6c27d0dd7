import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import { closeServer, listenOnLoopback } from './loopback';

/** One scripted reply: the assistant's text, an HTTP failure, or silence (for timeouts). */
export type Reply = { content: string } | { status: number; body: string } | { hang: true };

export interface ReceivedRequest {
  model: string;
  messages: { role: string; content: string }[];
}

/**
 * A real HTTP server speaking the OpenAI chat-completions protocol, answering from a script.
 * It counts the calls it receives; past the end of the script it repeats the last reply.
 */
export class ScriptedModel {
  readonly requests: ReceivedRequest[] = [];
  private server?: http.Server;
  private readonly hanging = new Set<http.ServerResponse>();
  /** Runs when a request arrives, before the reply: lets a test change the world mid-call. */
  onRequest?: (request: ReceivedRequest) => void;

  constructor(private script: Reply[]) {}

  get calls(): number {
    return this.requests.length;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}/v1`;
  }

  setScript(script: Reply[]): void {
    this.script = script;
    this.requests.length = 0;
  }

  async start(): Promise<this> {
    this.server = await listenOnLoopback((req, res, body) => this.answer(req, res, body));
    return this;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    await closeServer(this.server);
  }

  /** The environment the `skim` command reads its model from. */
  env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    return { SKIM_MODEL_URL: this.url, SKIM_MODEL_NAME: 'scripted', SKIM_MODEL_KEY: 'test-key', ...extra };
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse, body: string): void {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end('not found');
      return;
    }
    const request = JSON.parse(body) as ReceivedRequest;
    this.requests.push(request);
    this.onRequest?.(request);
    const reply = this.script[Math.min(this.requests.length - 1, this.script.length - 1)];
    if ('hang' in reply) {
      this.hanging.add(res);
      return;
    }
    if ('status' in reply) {
      res.writeHead(reply.status, { 'content-type': 'text/plain' }).end(reply.body);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: `chatcmpl-${this.requests.length}`,
        object: 'chat.completion',
        model: request.model,
        choices: [{ index: 0, message: { role: 'assistant', content: reply.content }, finish_reason: 'stop' }],
      }),
    );
  }
}

/** A well-shaped answer for a file, as a model would write it. */
export function goodAnswer(regions: { start: number; end: number; kind: string; name: string; note?: string }[], prose = 'Scripted prose.'): Reply {
  return { content: JSON.stringify({ prose, regions: regions.map((r) => ({ note: '', ...r })) }) };
}
