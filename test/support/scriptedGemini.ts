import * as http from 'node:http';
import { LoopbackServer } from './loopback';

/** One call the model makes, and what happens on disk as it is made. */
export interface GeminiCall {
  name: string;
  args: Record<string, unknown>;
  before?: () => void;
}

interface Part {
  text?: string;
  functionCall?: unknown;
  functionResponse?: { name: string; response: Record<string, unknown> };
}

/**
 * A real HTTP server speaking the Gemini API as the Gemini CLI calls it: `generateContent` (its
 * model router, answered with the routing JSON it asks for) and `streamGenerateContent?alt=sse`
 * (the agent's turns), answering like a model that makes the script's calls, one a turn (the
 * step is the number of function responses in the contents), then ends with a text. Every request
 * body is kept.
 */
export class ScriptedGemini extends LoopbackServer {
  readonly requests: { url: string; body: Record<string, unknown> }[] = [];
  script: GeminiCall[] = [];

  get url(): string {
    return this.origin;
  }

  /** What the model was given for each of its calls in the last turn, in order: each function response's output or error. */
  responses(): string[] {
    const turns = this.requests.filter((r) => r.url.includes(':streamGenerateContent'));
    const contents = (turns.at(-1)?.body.contents ?? []) as { parts?: Part[] }[];
    return contents
      .flatMap((content) => content.parts ?? [])
      .flatMap((part) => (part.functionResponse ? [part.functionResponse.response] : []))
      .map((response) => String(response.output ?? response.error ?? JSON.stringify(response)));
  }

  protected route(req: http.IncomingMessage, res: http.ServerResponse, raw: string): void {
    const url = req.url ?? '';
    const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    this.requests.push({ url, body });
    const usageMetadata = { promptTokenCount: 100, candidatesTokenCount: 20, totalTokenCount: 120 };
    const answer = (parts: Part[]) => ({ candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }], usageMetadata });
    if (req.method !== 'POST' || !/:(stream)?[gG]enerateContent/.test(url)) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 404, message: `no route ${req.method} ${url}` } }));
      return;
    }
    if (!url.includes(':streamGenerateContent')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer([{ text: '{"reasoning":"scripted","model_choice":"flash"}' }])));
      return;
    }
    const contents = (body.contents ?? []) as { parts?: Part[] }[];
    const step = contents.flatMap((content) => content.parts ?? []).filter((part) => part.functionResponse).length;
    const call = this.script[step];
    call?.before?.();
    const parts = call ? [{ functionCall: { name: call.name, args: call.args } }] : [{ text: 'SCRIPTED-DONE' }];
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(`data: ${JSON.stringify(answer(parts))}\n\n`);
    res.end();
  }
}
