import { createFrontDoorServer } from './front-door-server.mjs';
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashStaticPageScripts, inlineScriptHashes, STATIC_PAGE_CACHE_CONTROL } from './static-page-csp';
import { forgetStaticPageAnswers, KEEP_MS } from './static-page-answers';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');
const PAYLOAD = 'self.__next_f.push([1,"ملف"])';
const PAGE = `<!DOCTYPE html><html><head><script src="/_next/static/chunks/a.js" async></script></head><body>${'<p>x</p>'.repeat(300)}<script>${PAYLOAD}</script><script id="x">$RC("B:0","S:0")</script></body></html>`;

describe('inline script hashes', () => {
  it('names every inline script, none with a src, each once', () => {
    expect(inlineScriptHashes(PAGE)).toEqual([sha256(PAYLOAD), sha256('$RC("B:0","S:0")')]);
    expect(inlineScriptHashes('<script src="/a.js"></script>')).toEqual([]);
  });
});

describe('a prerendered page as it leaves the server', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    hashStaticPageScripts();
    // Stands for Next.js: headers by writeHead, the page in pieces, a cookie when asked.
    server = createFrontDoorServer((request, response) => {
      const cookie = request.url?.includes('cookie') ? { 'set-cookie': 'has_session=1' } : {};
      if (request.headers['if-none-match'] === '"v1"') {
        response.writeHead(304, { etag: '"v1"', 'cache-control': 's-maxage=31536000' });
        response.end();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 's-maxage=31536000', etag: '"v1"', ...cookie });
      response.flushHeaders();
      response.write(PAGE.slice(0, 100));
      response.end(PAGE.slice(100));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${base}${path}`, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });

  it('carries the hashes of its inline scripts as its CSP, and may be kept by a CDN', async () => {
    const { headers, body } = await get('/en/faqs');
    expect(body.toString('utf8')).toBe(PAGE);
    const scriptSrc = /script-src ([^;]+)/.exec(String(headers['content-security-policy']))?.[1];
    expect(scriptSrc).toBe(`'self' 'sha256-${sha256(PAYLOAD)}' 'sha256-${sha256('$RC("B:0","S:0")')}'`);
    expect(headers['cache-control']).toBe(STATIC_PAGE_CACHE_CONTROL);
    expect(Number(headers['content-length'])).toBe(body.length);
  });

  it('is compressed after it was read, when the browser asks', async () => {
    const { headers, body } = await get('/ar', { 'accept-encoding': 'gzip, br' });
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers.vary).toContain('Accept-Encoding');
    expect(gunzipSync(body).toString('utf8')).toBe(PAGE);
    expect(headers['content-security-policy']).toContain(`'sha256-${sha256(PAYLOAD)}'`);
  });

  it('answers "not modified" with the same CSP, which the browser then keeps with its copy', async () => {
    const first = await get('/en/static/about');
    const again = await get('/en/static/about', { 'if-none-match': '"v1"' });
    expect(again.body).toHaveLength(0);
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(again.headers['cache-control']).toBe(STATIC_PAGE_CACHE_CONTROL);
  });

  it('sends a version it has not hashed whole, never a 304 without its hashes', async () => {
    const { body, headers } = await get('/ar/faqs', { 'if-none-match': '"v0"' });
    expect(body.toString('utf8')).toBe(PAGE);
    expect(headers['content-security-policy']).toContain(`'sha256-${sha256(PAYLOAD)}'`);
  });

  it('is not shared when it sets a cookie, and other pages are left as they are', async () => {
    expect((await get('/en/auth/login?cookie')).headers['cache-control']).toBe('private, no-cache, no-store, max-age=0, must-revalidate');
    const other = await get('/en/profile');
    expect(other.headers['content-security-policy']).toBeUndefined();
    expect(other.headers['cache-control']).toBe('s-maxage=31536000');
  });
});

describe('a prerendered page answered again within a second (static-page-answers.ts)', () => {
  let server: http.Server;
  let base: string;
  // What reached the stand-in for Next.js, by path.
  const seen: string[] = [];
  beforeAll(async () => {
    hashStaticPageScripts();
    server = createFrontDoorServer((request, response) => {
      seen.push(request.url ?? '');
      const url = request.url ?? '';
      const extra = url.includes('stale') ? { 'x-nextjs-cache': 'STALE' } : url.includes('cookie') ? { 'set-cookie': 'has_session=1' } : { 'x-nextjs-cache': 'HIT' };
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag: `"${url}"`, ...extra });
      response.end(PAGE.replace('ملف', `ملف ${seen.length}`));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(() => vi.restoreAllMocks());

  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      http
        .get(`${base}${path}`, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
        })
        .on('error', reject);
    });
  const reached = (path: string) => seen.filter((url) => url === path).length;

  it('is sent again as it left, bytes and headers, without asking Next.js; a browser holding it gets a 304 with its CSP', async () => {
    const first = await get('/en?a');
    const again = await get('/en?a');
    expect(reached('/en?a')).toBe(1);
    expect(again.body).toBe(first.body);
    for (const name of ['content-security-policy', 'cache-control', 'etag', 'content-type', 'content-length', 'x-nextjs-cache']) expect(again.headers[name], name).toBe(first.headers[name]);
    const held = await get('/en?a', { 'if-none-match': String(first.headers.etag) });
    expect(held.status).toBe(304);
    expect(held.body).toBe('');
    expect(held.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(reached('/en?a')).toBe(1);
  });

  it('is asked of Next.js again after a second, and at once after the catalogue changed', async () => {
    await get('/ar?b');
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + KEEP_MS + 1);
    await get('/ar?b');
    expect(reached('/ar?b')).toBe(2);
    forgetStaticPageAnswers();
    await get('/ar?b');
    expect(reached('/ar?b')).toBe(3);
  });

  it('is kept apart by compression and by the language cookie', async () => {
    const plain = await get('/en/faqs?c');
    const zipped = await get('/en/faqs?c', { 'accept-encoding': 'gzip' });
    const other = await get('/en/faqs?c', { cookie: 'NEXT_LOCALE=ar' });
    expect(reached('/en/faqs?c')).toBe(3);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(other.body).not.toBe(plain.body);
  });

  it('is never sent to nor kept from a visitor with a session, nor kept when stale or private', async () => {
    await get('/en/auth/login?d', { cookie: 'session=abc' });
    await get('/en/auth/login?d', { cookie: 'has_session=1; NEXT_LOCALE=en' });
    await get('/en/auth/login?d');
    await get('/en/auth/login?d', { cookie: 'session=abc' });
    expect(reached('/en/auth/login?d')).toBe(4);
    await get('/en/static/about?stale');
    await get('/en/static/about?stale');
    expect(reached('/en/static/about?stale')).toBe(2);
    await get('/en/static/about?cookie');
    await get('/en/static/about?cookie');
    expect(reached('/en/static/about?cookie')).toBe(2);
  });
});
