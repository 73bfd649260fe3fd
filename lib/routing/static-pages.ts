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

const LOCALE = '(?:en|ar)';
// Any one segment under /static: an unknown one is this route's 404 page, rendered and kept like the others.
const SLUG = '[^/]+';

const STATIC_PAGES = new RegExp(`^/${LOCALE}(?:/|/faqs/?|/static/${SLUG}/?|/auth/(?:login|register)/?)?$`);

/** Whether this path (no query) is one of the prerendered public pages. */
export function isStaticPage(pathname: string): boolean {
  return STATIC_PAGES.test(pathname);
}
