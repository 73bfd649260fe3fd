// The public pages that are rendered once and served to everyone from the
// cache (issue 17): the home page, the FAQs, the static pages, sign-in and
// registration, in both languages. They hold nothing personal (the account
// menu and "continue your draft" come from the client store after load), so
// one copy fits every visitor and a CDN may keep it.
//
// A page here must not read the request (no cookies(), headers() or
// connection()): it is prerendered, so it carries no per-request CSP nonce.
// Its scripts are allowed by their hashes instead (lib/server/http/static-page-csp.ts).
// Every other page renders per request under a nonce (proxy.ts).
import { STATIC_PAGES as SLUGS } from '../content/static-pages';

const LOCALE = '(?:en|ar)';
// The known slugs only: any other is the per-request catch-all's 404, under a
// nonce, never rendered by the static pages' route nor kept (security issue, item 2).
const SLUG = `(?:${SLUGS.join('|')})`;

const STATIC_PAGES = new RegExp(`^/${LOCALE}(?:/|/faqs/?|/static/${SLUG}/?|/auth/(?:login|register)/?)?$`);
const UNDER_STATIC = new RegExp(`^/${LOCALE}/static/[^/]+/?$`);

/** Whether this path (no query) is one of the prerendered public pages. */
export function isStaticPage(pathname: string): boolean {
  return STATIC_PAGES.test(pathname);
}

/** Whether this path (no query) names a static page by its slug, known or not: an unknown one is an invalid parameter. */
export function isStaticPageAddress(pathname: string): boolean {
  return UNDER_STATIC.test(pathname);
}
