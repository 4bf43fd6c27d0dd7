import * as http from 'node:http';

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
