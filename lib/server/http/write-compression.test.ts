import { createRequire } from 'node:module';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from './handler';
import { ok, UNCOMPRESSED_BELOW_BYTES } from './respond';

// The compression Next.js's server applies to every answer (`compress`, on by default): the expressjs package, compiled in.
type Middleware = (request: http.IncomingMessage, response: http.ServerResponse, next: () => void) => void;
const compression = createRequire(import.meta.url)('next/dist/compiled/compression') as () => Middleware;

// An answer to a write, and any small JSON answer, is sent as it is (base-route.ts `uncompressed`, respond.ts `ok`):
// gzipping a few kilobytes of JSON for each sender and each queue read cost a tenth of the server's thread in the
// opening minute. Larger reads (lists, the API's document) stay compressed.

const context = { params: Promise.resolve({} as never) };
const BIG = { data: { text: 'labbaik '.repeat(400) } };
const handler = route(async () => Response.json(BIG));
const cached = route(async () => Response.json(BIG, { headers: { 'Cache-Control': 'no-store' } }));
// A queue read's size: over the 1 KB from which the compression package compresses, under ok()'s 4 KB.
const smallRead = route(async () => ok({ text: 'labbaik '.repeat(200) }));

describe('answers to writes, uncompressed', () => {
  it('say no-transform on POST, PATCH, PUT and DELETE, beside the Cache-Control their route set; reads do not', async () => {
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) {
      const answer = await handler(new Request('http://portal.test/api/v1/x', { method }), context);
      expect(answer.headers.get('cache-control'), method).toBe('no-transform');
    }
    expect((await cached(new Request('http://portal.test/api/v1/x', { method: 'POST' }), context)).headers.get('cache-control')).toBe('no-store, no-transform');
    expect((await handler(new Request('http://portal.test/api/v1/x'), context)).headers.get('cache-control')).toBeNull();
    expect((await cached(new Request('http://portal.test/api/v1/x'), context)).headers.get('cache-control')).toBe('no-store');
  });

  it('ok() says no-transform on a JSON answer under 4 KB, whatever the method, and not on a larger one', async () => {
    const small = ok({ state: 'waiting', position: 120 });
    expect(small.headers.get('cache-control')).toBe('no-transform');
    expect(await small.json()).toEqual({ data: { state: 'waiting', position: 120 } });
    expect(ok({ x: 1 }, { headers: { 'Cache-Control': 'no-store' } }).headers.get('cache-control')).toBe('no-store, no-transform');
    const large = ok({ text: 'x'.repeat(UNCOMPRESSED_BELOW_BYTES) });
    expect(large.headers.get('cache-control')).toBeNull();
    expect(large.headers.get('content-type')).toBe('application/json');
  });

  describe('through the compression Next.js applies', () => {
    let server: http.Server;
    let base: string;
    beforeAll(async () => {
      const compress = compression();
      server = http.createServer((request, response) => {
        compress(request, response, async () => {
          const chosen = request.url === '/small' ? smallRead : handler;
          const answer = await chosen(new Request(`http://portal.test${request.url}`, { method: request.method }), context);
          response.writeHead(answer.status, Object.fromEntries(answer.headers));
          response.end(Buffer.from(await answer.arrayBuffer()));
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const encodingOf = (method: string, path = '/api/v1/x') =>
      new Promise<string | undefined>((resolve, reject) => {
        const asked = http.request(`${base}${path}`, { method, headers: { 'accept-encoding': 'gzip' } }, (answer) => {
          answer.resume();
          answer.on('end', () => resolve(answer.headers['content-encoding']));
        });
        asked.on('error', reject);
        asked.end();
      });

    it('a POST answer leaves uncompressed, a GET answer of the same size gzipped, a small GET answer of ok() as it is', async () => {
      expect(await encodingOf('POST')).toBeUndefined();
      expect(await encodingOf('GET')).toBe('gzip');
      expect(await encodingOf('GET', '/small')).toBeUndefined();
    });
  });
});
