import * as http from 'node:http';
import { AddressInfo } from 'node:net';

/** An HTTP server on a free loopback port that hands each request to `handle` with its whole body. */
export async function listenOnLoopback(handle: (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => handle(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

export function closeServer(server: http.Server | undefined): Promise<void> {
  return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
}

/** A scripted server on a free loopback port: each request goes to `route`, with its whole body. */
export abstract class LoopbackServer {
  private server?: http.Server;

  /** The server's address, without a path. */
  get origin(): string {
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
  }

  async start(): Promise<this> {
    this.server = await listenOnLoopback((req, res, raw) => this.route(req, res, raw));
    return this;
  }

  stop(): Promise<void> {
    return closeServer(this.server);
  }

  protected abstract route(req: http.IncomingMessage, res: http.ServerResponse, raw: string): void;
}
