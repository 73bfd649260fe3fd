import 'server-only';
import { ApiError } from './errors';
import { publicSiteUrl } from './origin';

/**
 * Whether a browser sent this request from another site. Sec-Fetch-Site, set by
 * the browser itself, decides when present: only `same-origin` and `none` (the
 * visitor's own action, such as a bookmark) are the site's. Without it, an
 * Origin header must be the site's own origin (APP_URL, or localhost:PORT).
 * With neither, the caller is not a browser (an app, curl, a test): nothing to
 * forge on someone's behalf, so it is let through.
 */
export function isCrossSite(request: Request): boolean {
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite) return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  return origin !== new URL(publicSiteUrl()).origin;
}

/**
 * For every route that sets or clears the session cookie: a page on another
 * site must not sign a visitor in to an account of its choosing (login CSRF)
 * or out of their own. 403 `cross_site`.
 */
export function refuseCrossSite(request: Request) {
  if (isCrossSite(request)) throw new ApiError('forbidden', { messageKey: 'cross_site' });
}

/**
 * Positive proof that a browser sent this request from the site's own pages:
 * Sec-Fetch-Site `same-origin`, or, from a browser that sends no
 * Sec-Fetch-Site, the site's own Origin (browsers send Origin with every
 * non-GET fetch). A request with neither proves nothing: a session cookie
 * alone must not change anything for it (see authenticate.ts).
 */
export function isProvenSameOrigin(request: Request): boolean {
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite) return fetchSite === 'same-origin';
  const origin = request.headers.get('origin');
  return origin !== null && origin === new URL(publicSiteUrl()).origin;
}
