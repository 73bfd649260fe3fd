import createMiddleware from 'next-intl/middleware';
import { NextRequest, NextResponse } from 'next/server';
import { routing } from './i18n/routing';
import { runGuards, splitLocale } from './lib/routing/guards';
import { newNonce, pageCsp } from './lib/security/csp';
import { firebaseAuthDomain, isDevelopment } from './lib/security/page-csp-options';
import { isStaticPage } from './lib/routing/static-pages';
import { secureCookies } from './lib/security/secure-cookies';

const handleLocale = createMiddleware(routing);

/** The guards every navigation passes, in order. */
const NAVIGATION_GUARDS = ['guest', 'auth'] as const;

export const SESSION_COOKIE = 'session';

/**
 * What the guards saw, readable by the page's script (the session cookie is
 * HttpOnly): `1` while a session cookie is present. A store that disagrees
 * with it heals at once (lib/auth/session-heal.ts), so the guards and the
 * store never disagree past one page load. It holds no secret.
 */
export const SESSION_HINT_COOKIE = 'has_session';

/**
 * This answer's CSP. Next.js reads the nonce from the request's
 * Content-Security-Policy header and puts it on the scripts it renders; the
 * browser gets the same policy on the answer.
 *
 * A prerendered public page (lib/routing/static-pages.ts) gets no nonce: it is
 * served from the cache, and a nonce would make it render per request. Its
 * answer leaves with the hashes of its inline scripts
 * (lib/server/http/static-page-csp.ts); until then it holds this policy, under
 * which no inline script runs at all.
 */
function contentSecurityPolicy(pathname: string) {
  return pageCsp({
    nonce: isStaticPage(pathname) ? undefined : newNonce(),
    development: isDevelopment(),
    firebaseAuthDomain: firebaseAuthDomain(),
  });
}

function withCsp(request: NextRequest, csp: string) {
  const headers = new Headers(request.headers);
  headers.set('content-security-policy', csp);
  return headers;
}

export function proxy(request: NextRequest) {
  const csp = contentSecurityPolicy(request.nextUrl.pathname);
  const response = route(request, csp);
  response.headers.set('Content-Security-Policy', csp);
  mirrorSession(request, response);
  secureOverHttps(response);
  return response;
}

/**
 * Over https every cookie this answer sets carries Secure: the session hint and
 * next-intl's NEXT_LOCALE, whose options (routing.ts) are the browser's too
 * and cannot know the server's address (issue 58, item 10).
 */
function secureOverHttps(response: NextResponse) {
  if (!secureCookies()) return;
  for (const cookie of response.cookies.getAll()) response.cookies.set({ ...cookie, secure: true });
}

/** Sets or clears the hint only when it differs from the session cookie: most answers carry no Set-Cookie. */
function mirrorSession(request: NextRequest, response: NextResponse) {
  const hasSession = Boolean(request.cookies.get(SESSION_COOKIE)?.value);
  const hinted = request.cookies.get(SESSION_HINT_COOKIE)?.value === '1';
  if (hasSession && !hinted) {
    response.cookies.set(SESSION_HINT_COOKIE, '1', { path: '/', sameSite: 'lax' });
  } else if (!hasSession && request.cookies.has(SESSION_HINT_COOKIE)) {
    response.cookies.set(SESSION_HINT_COOKIE, '', { path: '/', sameSite: 'lax', maxAge: 0 });
  }
}

function route(request: NextRequest, csp: string) {
  // The test gateway's pages stand outside the localized site: no locale, no guards.
  if (request.nextUrl.pathname.startsWith('/test-gateway/')) {
    return NextResponse.next({ request: { headers: withCsp(request, csp) } });
  }
  const split = splitLocale(request.nextUrl.pathname, routing.locales);
  if (split) {
    const hasSession = Boolean(request.cookies.get(SESSION_COOKIE)?.value);
    const target = runGuards(NAVIGATION_GUARDS, { pathname: split.rest, hasSession });
    if (target === 'home') {
      const home = new URL(`/${split.locale}`, request.url);
      // Signed out on an account page: the home page says why, and its sign-in links lead back here.
      if (!hasSession) home.searchParams.set('next', `${request.nextUrl.pathname}${request.nextUrl.search}`);
      return NextResponse.redirect(home);
    }
  }
  // Unprefixed paths are redirected to the negotiated locale (cookie, then
  // Accept-Language, then Arabic); the guards run again on the prefixed path.
  // next-intl forwards the request's headers to the render, the CSP with them.
  return handleLocale(new NextRequest(request, { headers: withCsp(request, csp) }));
}

export const config = {
  // Every path but the API, Next's own files, the public folders (fonts, icons) and
  // the few files served at the root (the service worker, sitemap, robots.txt, icon).
  // Those are whole segments or exact names: a page path with a dot in it
  // (`/en/foo.bar`) still gets its CSP and guards. What skips the proxy gets the
  // static headers, and a CSP of its own, from next.config.mjs. (The service worker
  // must skip it: a page CSP on its script would bind the worker.)
  matcher: ['/((?!(?:api|_next|_vercel|fonts|icons)(?:/|$)|__nextjs|(?:firebase-messaging-sw\\.js|sitemap\\.xml|robots\\.txt|icon\\.svg)$).*)'],
};
