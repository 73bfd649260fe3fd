import { afterEach, describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { config, proxy } from './proxy';
// Next's own compiler of `config.matcher` (internal, no types), so the test matches what `next build` does.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { getMiddlewareMatchers } = require('next/dist/build/analysis/get-page-static-info.js');

function visit(path: string, headers: Record<string, string> = {}) {
  return proxy(new NextRequest(new URL(path, 'http://portal.test'), { headers }));
}

function locationOf(response: Response) {
  const location = response.headers.get('location');
  return location ? new URL(location, 'http://portal.test').pathname : null;
}

describe('locale negotiation for /', () => {
  it('follows the NEXT_LOCALE cookie first', () => {
    expect(locationOf(visit('/', { cookie: 'NEXT_LOCALE=en', 'accept-language': 'ar-SA,ar;q=0.9' }))).toBe('/en');
    expect(locationOf(visit('/', { cookie: 'NEXT_LOCALE=ar', 'accept-language': 'en-US,en;q=0.9' }))).toBe('/ar');
  });

  it('then the browser language', () => {
    expect(locationOf(visit('/', { 'accept-language': 'en-GB,en;q=0.9' }))).toBe('/en');
    expect(locationOf(visit('/', { 'accept-language': 'ar-EG' }))).toBe('/ar');
    expect(locationOf(visit('/', { 'accept-language': 'fr-FR,en;q=0.5' }))).toBe('/en');
  });

  it('defaults to Arabic', () => {
    expect(locationOf(visit('/'))).toBe('/ar');
    expect(locationOf(visit('/', { 'accept-language': 'fr-FR,de;q=0.8' }))).toBe('/ar');
    expect(locationOf(visit('/', { cookie: 'NEXT_LOCALE=xx' }))).toBe('/ar');
  });

  it('keeps the rest of an unprefixed address', () => {
    expect(locationOf(visit('/faqs', { 'accept-language': 'en' }))).toBe('/en/faqs');
  });

  it('remembers the locale in a cookie for 365 days, SameSite=Lax, Path=/', () => {
    const cookie = visit('/en/faqs').headers.get('set-cookie') ?? '';
    expect(cookie).toContain('NEXT_LOCALE=en');
    expect(cookie).toContain('Max-Age=31536000');
    expect(cookie.toLowerCase()).toContain('samesite=lax');
    expect(cookie).toContain('Path=/');
  });
});

describe('the session hint the page can read', () => {
  const hintOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('has_session='));

  it('is set, readable by scripts, when a session cookie arrives without it', () => {
    const hint = hintOf(visit('/en/faqs', { cookie: 'session=abc' }))!;
    expect(hint).toMatch(/^has_session=1;/);
    expect(hint).toContain('Path=/');
    expect(hint.toLowerCase()).toContain('samesite=lax');
    expect(hint.toLowerCase()).not.toContain('httponly');
  });

  it('is cleared when the session cookie is gone, on redirects too', () => {
    expect(hintOf(visit('/en/faqs', { cookie: 'has_session=1' }))).toMatch(/^has_session=;.*Max-Age=0/);
    expect(hintOf(visit('/en/profile', { cookie: 'has_session=1' }))).toMatch(/^has_session=;.*Max-Age=0/);
  });

  it('is left alone when it already agrees', () => {
    expect(hintOf(visit('/en/faqs', { cookie: 'session=abc; has_session=1' }))).toBeUndefined();
    expect(hintOf(visit('/en/faqs'))).toBeUndefined();
  });
});

// Issue 58, item 10: over https every cookie the proxy sets carries Secure (NEXT_LOCALE is next-intl's own).
describe('cookies when the site is served over https', () => {
  afterEach(() => {
    delete process.env.APP_URL;
  });
  const cookiesOf = (response: Response) => response.headers.getSetCookie();

  it('NEXT_LOCALE and the session hint, set or cleared, on pages and redirects, carry Secure', () => {
    process.env.APP_URL = 'https://portal.example';
    const answers = [
      visit('/en/faqs'),
      visit('/ar', { cookie: 'session=abc' }),
      visit('/en/faqs', { cookie: 'has_session=1' }),
      visit('/en/profile', { cookie: 'has_session=1' }),
      visit('/faqs', { 'accept-language': 'en' }),
    ];
    const cookies = answers.flatMap(cookiesOf);
    expect(cookies.filter((cookie) => cookie.startsWith('NEXT_LOCALE=')).length).toBeGreaterThanOrEqual(2);
    expect(cookies.filter((cookie) => cookie.startsWith('has_session=')).length).toBe(3);
    for (const cookie of cookies) expect(cookie.split(/;\s*/).map((part) => part.toLowerCase()), cookie).toContain('secure');
    // Nothing else about them changes.
    expect(cookiesOf(answers[0]!)[0]).toContain('Max-Age=31536000');
    expect(cookiesOf(answers[1]!).find((cookie) => cookie.startsWith('has_session='))).toMatch(/^has_session=1;/);
  });

  it('not on a plain http address outside production (next dev on localhost: the browser would drop them)', () => {
    process.env.APP_URL = 'http://localhost:3000';
    for (const cookie of [...cookiesOf(visit('/en/faqs')), ...cookiesOf(visit('/ar', { cookie: 'session=abc' }))]) {
      expect(cookie.toLowerCase(), cookie).not.toContain('secure');
    }
  });
});

describe('guards in the proxy', () => {
  it('sends a visitor with a session away from auth pages to the localized home', () => {
    expect(locationOf(visit('/en/auth/login', { cookie: 'session=abc' }))).toBe('/en');
    expect(locationOf(visit('/ar/auth/register', { cookie: 'session=abc' }))).toBe('/ar');
  });

  it('sends a visitor without a session away from profile pages to the localized home, with the way back', () => {
    const target = (response: Response) => new URL(response.headers.get('location')!, 'http://portal.test');
    expect(locationOf(visit('/ar/profile/requests'))).toBe('/ar');
    expect(target(visit('/ar/profile/requests')).searchParams.get('next')).toBe('/ar/profile/requests');
    expect(target(visit('/en/profile', { cookie: 'session=' })).searchParams.get('next')).toBe('/en/profile');
    expect(target(visit('/en/profile/requests?status=draft')).searchParams.get('next')).toBe('/en/profile/requests?status=draft');
    // Signed in on a sign-in page: just home, nothing to come back to.
    expect(target(visit('/en/auth/login', { cookie: 'session=abc' })).search).toBe('');
    // Every page of the profile area, in both languages (what e2e/guards.spec.ts walked in a browser until issue 60).
    for (const locale of ['en', 'ar']) {
      for (const path of ['/profile', '/profile/requests', '/profile/requests/create', '/profile/requests/drafts']) {
        const away = target(visit(`/${locale}${path}`));
        expect(away.pathname, path).toBe(`/${locale}`);
        expect(away.searchParams.get('next'), path).toBe(`/${locale}${path}`);
      }
      for (const path of ['/auth/login', '/auth/register']) expect(locationOf(visit(`/${locale}${path}`, { cookie: 'session=abc' })), path).toBe(`/${locale}`);
    }
  });

  it('sends a visitor without a session away from an opening’s queue, to sign in and come back to it (issue 59)', () => {
    const away = new URL(visit('/ar/openings/hajj').headers.get('location')!, 'http://portal.test');
    expect(away.pathname).toBe('/ar');
    expect(away.searchParams.get('next')).toBe('/ar/openings/hajj');
    expect(visit('/en/openings/umrah', { cookie: 'session=abc' }).headers.get('location')).toBeNull();
  });

  it('lets the rest through', () => {
    expect(visit('/en/profile', { cookie: 'session=abc' }).headers.get('location')).toBeNull();
    expect(visit('/ar/auth/login').headers.get('location')).toBeNull();
  });
});

describe('what the proxy sees', () => {
  // The matcher compiled exactly as `next build` compiles it (path-to-regexp, plus Next's data suffixes).
  const compiled = getMiddlewareMatchers(config.matcher, {}).map((m: { regexp: string }) => new RegExp(m.regexp));
  const matched = (path: string) => compiled.some((re: RegExp) => re.test(path));

  it('lets the sitemap, robots.txt, the API, Next\'s files and the public files through without a locale redirect', () => {
    for (const path of [
      '/sitemap.xml',
      '/robots.txt',
      '/icon.svg',
      '/api/v1/faqs',
      '/api/health',
      '/_next/static/chunks/main.js',
      '/firebase-messaging-sw.js',
      '/fonts/inter-latin-wght-normal-5.3.0.woff2',
      '/icons/badge-96.png',
    ]) {
      expect(matched(path), path).toBe(false);
    }
  });

  it('handles every page whose path has a dot in it, with its CSP and guards', () => {
    for (const path of ['/en/foo.bar', '/ar/static/about.html', '/foo.bar', '/en/a.b/c', '/api.x', '/apis/x', '/_nextx', '/fonts.html', '/favicon.ico', '/firebase-messaging-sw.jsx']) {
      expect(matched(path), path).toBe(true);
    }
    const page = visit('/en/foo.bar');
    expect(page.headers.get('content-security-policy')).toContain("'strict-dynamic'");
    expect(page.headers.get('x-middleware-request-content-security-policy')).toBe(page.headers.get('content-security-policy'));
    // The guards see through the dot too.
    expect(locationOf(visit('/en/profile/requests.json'))).toBe('/en');
    expect(locationOf(visit('/ar/auth/login.php', { cookie: 'session=abc' }))).toBe('/ar');
    expect(locationOf(visit('/foo.bar', { 'accept-language': 'en' }))).toBe('/en/foo.bar');
  });

  it('gives the test gateway its CSP without a locale redirect', () => {
    expect(matched('/test-gateway/tg_1')).toBe(true);
    const response = visit('/test-gateway/tg_1');
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('content-security-policy')).toContain("'strict-dynamic'");
  });

  it('answers every page rendered per request with a CSP around a new nonce, and hands the same policy to the render', () => {
    const nonces = new Set<string>();
    for (const path of ['/en/notifications', '/ar/auth/forgot-password', '/en/check-payment', '/']) {
      const response = visit(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, path).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(csp).toContain("frame-ancestors 'none'");
      nonces.add(nonce!);
      // Next.js takes the nonce for its scripts from the request's CSP header.
      if (!response.headers.get('location')) expect(response.headers.get('x-middleware-request-content-security-policy')).toBe(csp);
    }
    expect(nonces.size).toBe(4);
  });

  it('gives the prerendered public pages no nonce: no inline script runs until their hashes are added (static-page-csp.ts)', () => {
    for (const path of ['/en', '/ar/faqs', '/en/static/about', '/ar/auth/login', '/en/auth/register']) {
      const response = visit(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).not.toContain('nonce-');
      expect(/script-src ([^;]+)/.exec(csp)?.[1], path).toBe("'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-middleware-request-content-security-policy')).toBe(csp);
    }
  });

  it('handles the pages', () => {
    for (const path of ['/', '/faqs', '/en/static/about', '/ar/faqs']) expect(matched(path)).toBe(true);
  });
});
