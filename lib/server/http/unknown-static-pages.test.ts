import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUnknownStaticPage, stampUnknownStaticPages } from './unknown-static-pages';

describe('isUnknownStaticPage', () => {
  it('is a slug under /{locale}/static that names no page', () => {
    for (const target of ['/en/static/refund-policy', '/ar/static/about.html', '/en/static/x?y=1', '/ar/static/About/']) expect(isUnknownStaticPage(target), target).toBe(true);
    for (const target of ['/en/static/about', '/ar/static/contact?x=1', '/en/static/a/b', '/en/nope', '/xx/static/x', '/en']) expect(isUnknownStaticPage(target), target).toBe(false);
  });
});

describe('stampUnknownStaticPages', () => {
  let server: http.Server;
  let origin: string;

  beforeAll(async () => {
    stampUnknownStaticPages();
    // Stands for Next.js: the catch-all draws the page with a 200, or redirects.
    server = http.createServer((request, response) => {
      if (request.url?.endsWith('/')) {
        response.writeHead(308, { location: request.url.slice(0, -1) });
        response.end();
        return;
      }
      response.setHeader('content-type', 'text/html');
      response.end('<p>page</p>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends an unknown static page as a 404, body and all, and leaves the others alone', async () => {
    const unknown = await fetch(`${origin}/en/static/refund-policy`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe('<p>page</p>');
    expect((await fetch(`${origin}/en/static/about`)).status).toBe(200);
    expect((await fetch(`${origin}/en/faqs`)).status).toBe(200);
    expect((await fetch(`${origin}/en/static/refund-policy/`, { redirect: 'manual' })).status).toBe(308);
  });
});
