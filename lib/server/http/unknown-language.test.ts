import { createFrontDoorServer } from './front-door-server.mjs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '@/proxy';
import { isUnknownLanguagePage, refuseUnknownLanguagePages } from './unknown-language';
// Next's own compiler of `config.matcher` (internal, no types), as in proxy.test.ts.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { getMiddlewareMatchers } = require('next/dist/build/analysis/get-page-static-info.js');

const compiled = getMiddlewareMatchers(config.matcher, {}).map((m: { regexp: string }) => new RegExp(m.regexp));
const seenByTheProxy = (path: string) => compiled.some((re: RegExp) => re.test(path));

// Each would be a prerendered public page with its first segment for a language: rendered and kept on disk.
const REFUSED = ['/fonts', '/icons/', '/api', '/_next', '/_vercel/faqs', '/fonts/auth/login', '/_next/auth/register/', '/api/faqs', '/__nextjs_x', '/__nextjs_abc123/auth/login', '/__nextjs_q/faqs?x=1'];
const LET_THROUGH = [
  '/en',
  '/ar/faqs',
  '/en/auth/login',
  '/faqs',
  '/profile',
  '/xx/auth/login',
  '/fonts/inter-latin-wght-normal-5.3.0.woff2',
  '/icons/badge-96.png',
  '/_next/static/chunks/main.js',
  '/api/v1/faqs',
  '/api/health',
  '/fonts/static/about',
  '/robots.txt',
];

describe('the public pages at a first segment that is no language', () => {
  it('are refused where the proxy does not see them', () => {
    for (const path of REFUSED) {
      expect(isUnknownLanguagePage(path, false), path).toBe(true);
      // The proxy would have sent them to a language: it never sees them (proxy.ts, config.matcher).
      expect(seenByTheProxy(path.split('?')[0]!), path).toBe(false);
    }
  });

  it('are left to the proxy, to Next.js and to the files everywhere else', () => {
    for (const path of LET_THROUGH) expect(isUnknownLanguagePage(path, false), path).toBe(false);
  });

  it("leave Next.js's development endpoints to `next dev`", () => {
    expect(isUnknownLanguagePage('/__nextjs_original-stack-frames', true)).toBe(false);
    expect(isUnknownLanguagePage('/fonts', true)).toBe(true);
  });
});

describe('refuseUnknownLanguagePages', () => {
  let server: http.Server;
  let origin: string;
  const reached: string[] = [];

  beforeAll(async () => {
    refuseUnknownLanguagePages();
    server = createFrontDoorServer((request, response) => {
      reached.push(request.url ?? '');
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers a 404 that is never stored, before Next.js sees the request', async () => {
    const page = await fetch(`${origin}/__nextjs_x/auth/login`, { headers: { 'accept-language': 'ar' } });
    expect(page.status).toBe(404);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await page.text()).toContain('lang="ar"');
    const api = await fetch(`${origin}/api/faqs`, { headers: { 'accept-language': 'en' } });
    expect(api.status).toBe(404);
    expect((await api.json()).error.code).toBe('not_found');
    const through = await fetch(`${origin}/en/faqs`);
    expect(await through.text()).toBe('ok');
    expect(reached).toEqual(['/en/faqs']);
  });
});
