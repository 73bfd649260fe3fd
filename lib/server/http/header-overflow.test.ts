import { createFrontDoorServer } from './front-door-server.mjs';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { answerUnparsableRequests } from './header-overflow';

// A real HTTP server with Node's default header limit (16 KB), as `next start` makes one.
let server: http.Server;
let port: number;

beforeAll(async () => {
  answerUnparsableRequests();
  server = createFrontDoorServer((_request, response) => response.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends the request exactly as written. */
function raw(text: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('end', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
    socket.on('error', reject);
  });
}

const big = `Cookie: session=${'x'.repeat(20_000)}\r\n`;

describe('answerUnparsableRequests()', () => {
  it('answers headers too large with a 431 in the API error shape, in the reader’s language', async () => {
    const english = await raw(`GET /api/v1/me HTTP/1.1\r\nHost: localhost\r\nAccept-Language: en\r\n${big}\r\n`);
    expect(english.status).toBe(431);
    expect(english.headers).toContain('Content-Type: application/json');
    expect(JSON.parse(english.body)).toEqual({ error: { code: 'header_too_large', message: en.ApiErrors.header_too_large } });

    const arabic = await raw(`POST /api/v1/requests HTTP/1.1\r\nHost: localhost\r\nAccept-Language: ar\r\n${big}\r\n`);
    expect(arabic.status).toBe(431);
    expect(JSON.parse(arabic.body)).toEqual({ error: { code: 'header_too_large', message: ar.ApiErrors.header_too_large } });
  });

  it('answers a page with a short page, and a request it cannot parse with a 400', async () => {
    const page = await raw(`GET /ar/profile HTTP/1.1\r\nHost: localhost\r\nAccept-Language: ar\r\n${big}\r\n`);
    expect(page.status).toBe(431);
    expect(page.headers).toContain('Content-Type: text/html; charset=utf-8');
    expect(page.body).toContain('dir="rtl"');

    const garbage = await raw('GET /api/v1/me HTTP/1.1\r\nHost: localhost\r\nBad Header Line\r\n\r\n');
    expect(garbage.status).toBe(400);
    expect(JSON.parse(garbage.body).error.code).toBe('bad_request');
  });

  it('keeps answering afterwards', async () => {
    const fine = await raw('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(fine.status).toBe(200);
    expect(fine.body).toBe('ok');
  });
});
