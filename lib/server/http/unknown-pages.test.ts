import { createFrontDoorServer } from './front-door-server.mjs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUnknownStaticPage, stampUnknownPages, unknownRouteMatcher, type RoutesManifest } from './unknown-pages';
// Next.js's own helpers, as `next build` uses them to write .next/routes-manifest.json (internal, no types).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { getRouteRegex } = require('next/dist/shared/lib/router/utils/route-regex.js');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { normalizeAppPath } = require('next/dist/shared/lib/router/utils/app-paths.js');

/** The page routes of app/, as the build's manifest lists them: each page's pattern (groups dropped) and its regex. */
function manifestOfApp(): RoutesManifest {
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(process.cwd(), dir), { withFileTypes: true })) {
      if (entry.isDirectory()) walk(`${dir}/${entry.name}`);
      else if (entry.name === 'page.tsx') pages.push(normalizeAppPath(`${dir.slice('app'.length)}/page`));
    }
  };
  walk('app');
  const routes = pages.map((page) => ({ page, regex: (getRouteRegex(page).re as RegExp).source }));
  return { staticRoutes: routes.filter(({ page }) => !page.includes('[')), dynamicRoutes: routes.filter(({ page }) => page.includes('[')) };
}

const isUnknownRoute = unknownRouteMatcher(manifestOfApp());

describe('isUnknownStaticPage', () => {
  it('is a slug under /{locale}/static that names no page', () => {
    for (const target of ['/en/static/refund-policy', '/ar/static/about.html', '/en/static/x?y=1', '/ar/static/About/']) expect(isUnknownStaticPage(target), target).toBe(true);
    for (const target of ['/en/static/about', '/ar/static/contact?x=1', '/en/static/a/b', '/en/nope', '/xx/static/x', '/en']) expect(isUnknownStaticPage(target), target).toBe(false);
  });
});

// Issue 58, item 6: an address no route claims was a thrown 404, whose HTML Next.js leaves empty.
describe('an address no route of the build claims', () => {
  it('is one under a language that only the catch-all matches, in both languages', () => {
    for (const target of ['/en/no-such-page', '/ar/x/y', '/en/profile/requests/details/a/b', '/ar/office/nope', '/en/foo.bar', '/ar/faqs/more', '/en/no-such-page?x=1', '/en/no-such-page.rsc']) {
      expect(isUnknownRoute(target), target).toBe(true);
    }
  });

  it('is never a page of the app, the API, or an address outside a language', () => {
    for (const target of [
      '/en',
      '/ar/',
      '/en/faqs',
      '/ar/auth/login',
      '/en/check-payment?payment_id=1',
      '/en/check%2Dpayment',
      '/ar/profile/requests/details/0b6f3c1e-6a53-4a57-9d3c-1f6f6f0a1b2c',
      '/en/profile/requests/drafts/complete?id=1',
      '/ar/office/requests/x',
      '/en/notifications',
      '/en/static/about',
      '/en/faqs.rsc',
      '/api/v1/nope',
      '/test-gateway/x',
      '/xx/no-such-page',
      '/',
    ]) {
      expect(isUnknownRoute(target), target).toBe(false);
    }
  });

  it('is none at all without the catch-all in the build', () => {
    expect(unknownRouteMatcher({ staticRoutes: [], dynamicRoutes: [] })('/en/no-such-page')).toBe(false);
  });
});

describe('stampUnknownPages', () => {
  let server: http.Server;
  let origin: string;

  beforeAll(async () => {
    stampUnknownPages(isUnknownRoute);
    // Stands for Next.js: the catch-all draws the page with a 200, or redirects.
    server = createFrontDoorServer((request, response) => {
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

  it('sends an unknown static page or route as a 404, body and all, and leaves the others alone', async () => {
    for (const target of ['/en/static/refund-policy', '/en/no-such-page', '/ar/x/y']) {
      const unknown = await fetch(`${origin}${target}`);
      expect(unknown.status, target).toBe(404);
      expect(await unknown.text()).toBe('<p>page</p>');
    }
    expect((await fetch(`${origin}/en/static/about`)).status).toBe(200);
    expect((await fetch(`${origin}/en/faqs`)).status).toBe(200);
    expect((await fetch(`${origin}/en/static/refund-policy/`, { redirect: 'manual' })).status).toBe(308);
    expect((await fetch(`${origin}/ar/x/y/`, { redirect: 'manual' })).status).toBe(308);
  });
});
