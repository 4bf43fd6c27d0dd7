import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import { closeServer, listenOnLoopback } from './loopback';

/**
 * A real HTTP server speaking the OpenAI chat-completions protocol as a judge does: one token,
 * with `logprobs` and `top_logprobs`. `decide` maps the state and question it was asked to token
 * probabilities; `behaviour` makes it fail the ways a real endpoint fails.
 */
export type JudgeBehaviour = 'answer' | 'hang' | 'error' | 'garbage' | 'no-logprobs';

export class ScriptedJudge {
  readonly requests: { state: string; question: string }[] = [];
  behaviour: JudgeBehaviour = 'answer';
  private server?: http.Server;
  private readonly hanging = new Set<http.ServerResponse>();

  constructor(public decide: (state: string, question: string) => Record<string, number>) {}

  get url(): string {
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}/v1`;
  }

  async start(): Promise<this> {
    this.server = await listenOnLoopback((_req, res, body) => this.answer(res, body));
    return this;
  }

  stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    return closeServer(this.server);
  }

  private answer(res: http.ServerResponse, raw: string): void {
    const request = JSON.parse(raw) as { messages: { role: string; content: string }[]; logprobs?: boolean };
    const user = request.messages.find((m) => m.role === 'user')?.content ?? '';
    const [, state = '', question = ''] = /^<state>\n([\s\S]*)\n<\/state>\n\n([\s\S]*)$/.exec(user) ?? [];
    this.requests.push({ state, question });
    if (this.behaviour === 'hang') return void this.hanging.add(res);
    if (this.behaviour === 'error') return void res.writeHead(503).end('overloaded');
    if (this.behaviour === 'garbage') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"choices": [{"logprobs": "nope"');
    const tops = Object.entries(this.decide(state, question)).map(([token, p]) => ({ token, logprob: Math.log(p) }));
    const logprobs =
      this.behaviour === 'no-logprobs' || !request.logprobs
        ? null
        : { content: [{ token: tops[0]?.token ?? '', logprob: tops[0]?.logprob ?? 0, top_logprobs: tops }] };
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: tops[0]?.token ?? '' }, logprobs, finish_reason: 'length' }] }));
  }
}
