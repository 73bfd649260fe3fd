import { createFrontDoorServer } from './front-door-server.mjs';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasMalformedPath, refuseMalformedPaths } from './malformed-path';

// A real HTTP server, as scripts/server.mjs makes one: the listener stands for Next.js,
// which answers a path it cannot decode with a bare 500.
let server: http.Server;
let port: number;
const reached: string[] = [];

beforeAll(async () => {
  refuseMalformedPaths();
  server = createFrontDoorServer((request, response) => {
    reached.push(request.url ?? '');
    response.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends the request target exactly as written (fetch would re-encode it). */
function raw(target: string, language = 'en'): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nAccept-Language: ${language}\r\nConnection: close\r\n\r\n`));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('end', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body });
    });
    socket.on('error', reject);
  });
}

describe('hasMalformedPath', () => {
  it('finds a percent sign that is no valid percent-encoding, in the path only', () => {
    expect(hasMalformedPath('/api/v1/requests/%E0%A4%A')).toBe(true);
    expect(hasMalformedPath('/api/v1/pages/%')).toBe(true);
    expect(hasMalformedPath('/en/%C0%AF')).toBe(true);
    expect(hasMalformedPath('/api/v1/requests/abc')).toBe(false);
    expect(hasMalformedPath('/ar/static/%D8%B9%D9%86')).toBe(false);
    // A query is parsed leniently by Next.js and the handlers check what they read.
    expect(hasMalformedPath('/api/v1/requests?page=%E0%A4%A')).toBe(false);
  });
});

describe('refuseMalformedPaths', () => {
  it('answers an API path that cannot be decoded with a 400 in the error shape, before the app sees it', async () => {
    const answer = await raw('/api/v1/requests/%E0%A4%A');
    expect(answer.status).toBe(400);
    expect(answer.headers).toContain('content-type: application/json');
    expect(JSON.parse(answer.body)).toEqual({ error: { code: 'bad_request', message: expect.any(String) } });
    expect(reached).not.toContain('/api/v1/requests/%E0%A4%A');
  });

  it("answers a page path with a short page in the reader's language", async () => {
    const answer = await raw('/ar/%E0%A4%A', 'ar');
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('lang="ar" dir="rtl"');
    expect(answer.body).toContain('تعذّرت قراءة الطلب');
  });

  it('lets every decodable path through, once installed however often it is called', async () => {
    refuseMalformedPaths();
    const answer = await raw('/ar/static/%D8%B9%D9%86');
    expect(answer.status).toBe(200);
    expect(reached.filter((url) => url === '/ar/static/%D8%B9%D9%86')).toHaveLength(1);
  });
});
