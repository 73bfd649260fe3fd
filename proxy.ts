import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { routing } from './i18n/routing';
import { runGuards, splitLocale } from './lib/routing/guards';

const handleLocale = createMiddleware(routing);

/** The guards every navigation passes, in order. */
const NAVIGATION_GUARDS = ['guest', 'auth'] as const;

export const SESSION_COOKIE = 'session';

export function proxy(request: NextRequest) {
  const split = splitLocale(request.nextUrl.pathname, routing.locales);
  if (split) {
    const target = runGuards(NAVIGATION_GUARDS, {
      pathname: split.rest,
      hasSession: Boolean(request.cookies.get(SESSION_COOKIE)?.value),
    });
    if (target === 'home') {
      return NextResponse.redirect(new URL(`/${split.locale}`, request.url));
    }
  }
  // Unprefixed paths are redirected to the negotiated locale (cookie, then
  // Accept-Language, then Arabic); the guards run again on the prefixed path.
  return handleLocale(request);
}

export const config = {
  // Everything but the API, Next's own files and files with an extension.
  matcher: ['/((?!api|_next|_vercel|test-gateway|.*\\..*).*)'],
};
