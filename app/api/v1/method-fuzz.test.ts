import fc from 'fast-check';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { openApiDocument } from '@/lib/server/openapi/document';
import { stampSocketAddresses } from '@/lib/server/http/socket-address';
import { refuseMalformedPaths } from '@/lib/server/http/malformed-path';
import { refuseUnknownLanguagePages } from '@/lib/server/http/unknown-language';
import { answerUnparsableRequests } from '@/lib/server/http/header-overflow';
import { refuseUnknownMethods, SERVED_METHODS } from '@/lib/server/http/unknown-method';
import { createFrontDoorServer } from '@/lib/server/http/front-door-server.mjs';

// Issue 58, item 4: every method no route takes is a 405 with `Allow`, answered by
// the HTTP server before anything else runs; Next.js answered TRACE with a 500 on
// every route (/api/health, /en, /), and Node a bare 400 (TRACK) or a closed
// connection (CONNECT). A real HTTP server with the guards start.ts installs
// (lib/server/start.ts); its listener stands for Next.js and records what reached it.
// Methods are fuzzed on every path of the API's document and on the pages.

let server: http.Server;
let port: number;
const reached: string[] = [];

beforeAll(async () => {
  stampSocketAddresses();
  refuseMalformedPaths();
  refuseUnknownLanguagePages();
  answerUnparsableRequests();
  refuseUnknownMethods();
  server = createFrontDoorServer((request, response) => {
    reached.push(`${request.method} ${request.url}`);
    response.end('reached');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Answer = { status: number; head: string; body: string };

/** Sends the request line exactly as written (fetch refuses TRACE and CONNECT, and re-encodes). */
function raw(method: string, target: string, language = 'en'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(`${method} ${target} HTTP/1.1\r\nHost: localhost\r\nAccept-Language: ${language}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`),
    );
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('close', () => {
      const [head = '', ...rest] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), head: head.toLowerCase(), body: rest.join('\r\n\r\n') });
    });
    socket.on('error', reject);
  });
}

const ALLOW = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
// Every path of the API's document with its parameters filled in, and the pages.
const apiPaths = Object.keys(openApiDocument('http://portal.test').paths).map((path) => path.replace(/\{[^}]+\}/g, '0b6f3c1e-6a53-4a57-9d3c-1f6f6f0a1b2c'));
const PATHS = [...apiPaths, '/api/v1/no-such-route', '/', '/en', '/ar', '/en/auth/login', '/ar/profile/requests', '/en/no-such-page', '/_next/static/chunks/x.js', '/robots.txt', '/test-gateway/x'];
// Node parses these methods and hands them on (http.METHODS); no route of the app takes them.
const PARSED_UNSERVED = http.METHODS.filter((method) => method !== 'CONNECT' && !(SERVED_METHODS as readonly string[]).includes(method));
// A method is a token (RFC 9110): these Node does not know, and refuses while parsing.
const UNKNOWN_TOKEN = fc.stringMatching(/^[A-Za-z!#$%&'*+.^_`|~-][A-Za-z0-9!#$%&'*+.^_`|~-]{0,19}$/).filter((method) => !http.METHODS.includes(method));

function expect405(answer: Answer, what: string, path: string, language: 'en' | 'ar' = 'en') {
  expect(answer.status, what).toBe(405);
  expect(answer.head, what).toContain(`\r\nallow: ${ALLOW.toLowerCase()}`);
  expect(answer.head, what).toContain('cache-control: no-store');
  const message = (language === 'en' ? en : ar).ApiErrors.method_not_allowed;
  if (path.startsWith('/api/')) expect(JSON.parse(answer.body), what).toEqual({ error: { code: 'method_not_allowed', message } });
  else expect(answer.body, what).toContain(message);
}

describe('methods no route takes', () => {
  it('are the complement of what the API document and the pages take', () => {
    const documented = new Set(Object.values(openApiDocument('http://portal.test').paths).flatMap((methods) => Object.keys(methods as object).map((method) => method.toUpperCase())));
    // Every documented method is served, GET's HEAD and the OPTIONS Next.js answers for every route handler too.
    expect([...documented].filter((method) => !(SERVED_METHODS as readonly string[]).includes(method))).toEqual([]);
    expect([...SERVED_METHODS].sort()).toEqual([...documented, 'HEAD', 'OPTIONS'].sort());
  });

  it('TRACE is a 405 with Allow on /api/health, /en and /, in the error shape, and never reaches the app', async () => {
    for (const path of ['/api/health', '/en', '/']) expect405(await raw('TRACE', path), `TRACE ${path}`, path);
    const arabic = await raw('TRACE', '/ar', 'ar');
    expect405(arabic, 'TRACE /ar', '/ar', 'ar');
    expect(arabic.body).toContain('lang="ar" dir="rtl"');
    expect(reached.filter((line) => line.startsWith('TRACE'))).toEqual([]);
  });

  it('every method Node parses and no route takes, fuzzed over every path of the document and the pages: 405', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PARSED_UNSERVED), fc.constantFrom(...PATHS), fc.constantFrom('en' as const, 'ar' as const), async (method, path, language) => {
        const answer = await raw(method, path, language);
        expect405(answer, `${method} ${path}`, path, language);
        expect(reached, `${method} ${path}`).not.toContain(`${method} ${path}`);
      }),
      { numRuns: 200 },
    );
  });

  it('a method Node does not know (TRACK, lowercase get, any token): 405, not its bare 400', async () => {
    for (const method of ['TRACK', 'get', 'FOO', 'DEBUG', 'BREW']) expect405(await raw(method, '/api/health'), method, '/api/health');
    await fc.assert(
      fc.asyncProperty(UNKNOWN_TOKEN, fc.constantFrom(...PATHS), async (method, path) => expect405(await raw(method, path), `${method} ${path}`, path)),
      { numRuns: 100 },
    );
  });

  it('CONNECT: 405, where Node closed the connection without a word', async () => {
    const answer = await raw('CONNECT', 'example.com:443');
    expect(answer.status).toBe(405);
    expect(answer.head).toContain(`\r\nallow: ${ALLOW.toLowerCase()}`);
    expect405(await raw('CONNECT', '/api/health'), 'CONNECT /api/health', '/api/health');
  });

  it('a method that is no token at all is a request that cannot be read: 400', async () => {
    const answer = await raw('GE\u0001T', '/api/health');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).error.code).toBe('bad_request');
  });

  it('the methods routes take still reach the app, on every path', async () => {
    for (const method of SERVED_METHODS) {
      for (const path of ['/api/health', '/en', '/api/v1/me']) {
        const answer = await raw(method, path);
        expect(answer.status, `${method} ${path}`).toBe(200);
        expect(reached).toContain(`${method} ${path}`);
      }
    }
  });
});
