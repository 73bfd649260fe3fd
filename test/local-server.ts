import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { method: string; path: string; headers: IncomingMessage['headers']; form: URLSearchParams };
export type Answer = { status: number; json?: unknown; body?: string; delayMs?: number };

/**
 * A real HTTP server on 127.0.0.1 for a provider's API, answering with `answer` for each request it receives (kept
 * in `received`, its form body parsed): the adapters are tested over the wire, as they talk to the provider.
 */
export async function localServer(answer: (request: Received) => Answer | 'hang-up') {
  const received: Received[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      };
      received.push(entry);
      const reply = answer(entry);
      if (reply === 'hang-up') {
        request.socket.destroy();
        return;
      }
      const send = () => {
        if (reply.json !== undefined) {
          response.writeHead(reply.status, { 'Content-Type': 'application/json' });
          response.end(JSON.stringify(reply.json));
        } else {
          response.writeHead(reply.status, { 'Content-Type': 'text/html' });
          response.end(reply.body ?? '');
        }
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
