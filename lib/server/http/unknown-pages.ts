import 'server-only';
import { readFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { routing } from '@/i18n/routing';
import { isStaticPage, isStaticPageAddress } from '@/lib/routing/static-pages';
import { addToFrontDoor } from './front-door';

const STAMPED = Symbol.for('portal.unknown-static-pages');

/** Whether this request target is /{locale}/static/<slug> of a slug that names no page. */
export function isUnknownStaticPage(target: string): boolean {
  const path = target.split('?', 1)[0] ?? '/';
  return isStaticPageAddress(path) && !isStaticPage(path);
}

/** The page routes of a build, as `next build` writes them (.next/routes-manifest.json): each page's pattern and its regex. */
export type RoutesManifest = { staticRoutes: { page: string; regex: string }[]; dynamicRoutes: { page: string; regex: string }[] };

/** The per-request catch-all (app/[locale]/(default)/(per-request)/[...rest]/page.tsx): what no other route claims. */
const CATCH_ALL = '/[locale]/[...rest]';
const UNDER_A_LOCALE = new RegExp(`^/(?:${routing.locales.join('|')})/`);
// How Next.js names the data of a page (its RSC payload, a prefetched segment): the page's own address before it.
const DATA_SUFFIX = /(?:\.segments\/.*|\.rsc)$/;

/**
 * Whether an address under a language is one no route of the build claims but
 * the catch-all: it matches the catch-all's pattern and no other page's. The
 * build's own table decides, so a page added later is never taken for unknown.
 */
export function unknownRouteMatcher(manifest: RoutesManifest): (target: string) => boolean {
  const routes = [...manifest.staticRoutes, ...manifest.dynamicRoutes];
  const catchAll = routes.find((route) => route.page === CATCH_ALL);
  if (!catchAll) return () => false;
  const all = new RegExp(catchAll.regex);
  const pages = routes.filter((route) => route.page !== CATCH_ALL && (route.page === '/[locale]' || route.page.startsWith('/[locale]/'))).map((route) => new RegExp(route.regex));
  return (target) => {
    let address = (target.split('?', 1)[0] ?? '/').replace(DATA_SUFFIX, '');
    try {
      // Next.js matches the decoded path (/en/check%2Dpayment is the payment page).
      address = decodeURI(address);
    } catch {
      return false;
    }
    return UNDER_A_LOCALE.test(address) && all.test(address) && !pages.some((page) => page.test(address));
  };
}

let builtRoutes: ((target: string) => boolean) | undefined;

/** The matcher of this server's build; none outside a production build (`next dev` builds its routes as it goes). */
function isUnknownRoute(target: string): boolean {
  builtRoutes ??= (() => {
    if (process.env.NODE_ENV !== 'production') return () => false;
    try {
      return unknownRouteMatcher(JSON.parse(readFileSync(path.join(process.cwd(), '.next', 'routes-manifest.json'), 'utf8')) as RoutesManifest);
    } catch {
      return () => false;
    }
  })();
  return builtRoutes(target);
}

/**
 * From now on, the answer to an address no page serves leaves as a 404: an
 * unknown static page (/en/static/<unknown slug>, whose route refuses the slug
 * before rendering: dynamicParams = false, nothing rendered, nothing kept in
 * the page cache) and any other address under a language that no route claims
 * (/en/no-such-page, /ar/x/y; issue 58, item 6). Both are drawn by the
 * per-request catch-all (app/[locale]/(default)/(per-request)/[...rest]/page.tsx)
 * in the server's HTML, with their message, title, lang and dir; a page cannot
 * set its own status without throwing, and a thrown 404 is drawn by the
 * browser only. The path (and the build's routes) say it is a 404, so the
 * status is set here, where every answer passes. Redirects and errors keep
 * theirs. `matcher` replaces the build's routes (tests).
 */
export function stampUnknownPages(matcher: (target: string) => boolean = isUnknownRoute) {
  addToFrontDoor(STAMPED, (event, args) => {
    if (event !== 'request') return false;
    const [request, response] = args as [http.IncomingMessage, http.ServerResponse];
    const target = request.url ?? '/';
    if (isUnknownStaticPage(target) || matcher(target)) stampNotFound(response);
    return false;
  });
}

export function stampNotFound(response: http.ServerResponse) {
  const writeHead = response.writeHead;
  response.writeHead = function (this: http.ServerResponse, status: number, ...rest: unknown[]) {
    // Node's implicit headers (a write or end without writeHead) come through here too.
    const stamped = status === 200 ? 404 : status;
    this.statusCode = stamped;
    return (writeHead as (status: number, ...rest: unknown[]) => http.ServerResponse).call(this, stamped, ...rest);
  } as typeof response.writeHead;
}
