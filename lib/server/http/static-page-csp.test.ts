import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashStaticPageScripts, inlineScriptHashes, STATIC_PAGE_CACHE_CONTROL } from './static-page-csp';

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
    server = http.createServer((request, response) => {
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
