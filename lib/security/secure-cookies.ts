// Whether a cookie the app sets carries `Secure` (issue 58, item 10). Plain
// module, no server-only import: proxy.ts and the pages' own scripts use it.

/**
 * The cookies the server sets (the session, the console's session, the
 * proxy's NEXT_LOCALE and session hint) carry Secure when the site's address
 * (APP_URL) is https, and in every production build (as the session cookies
 * always did: a browser keeps a Secure cookie from http://localhost). Not on a
 * plain http address outside production (`next dev`, the tests), where the
 * browser would drop them.
 */
export function secureCookies(env: { NODE_ENV?: string; APP_URL?: string } = process.env): boolean {
  return env.NODE_ENV === 'production' || /^https:/i.test(env.APP_URL ?? '');
}

/** The attribute for a cookie a page writes itself (document.cookie): `;Secure` on a page served over https. */
export function pageCookieSecurity(protocol = globalThis.location?.protocol ?? ''): string {
  return protocol === 'https:' ? ';Secure' : '';
}
