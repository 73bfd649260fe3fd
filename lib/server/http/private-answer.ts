import 'server-only';

/** What a shared cache (a CDN, a proxy) and the browser's own cache may do with an answer about one person: nothing. */
export const PRIVATE_NO_STORE = 'private, no-store';

// Directives that would let a cache keep or serve the answer (and the two set here); any other a route set stays (no-cache, no-transform on the live stream).
const STORING = new Set(['public', 'private', 'no-store', 'max-age', 's-maxage', 'stale-while-revalidate', 'stale-if-error', 'immutable']);

/**
 * The answer with `Cache-Control: private, no-store` (issue 58, item 5), kept
 * beside the directives its route set that store nothing. Every answer of a
 * route that needs a session or the operator key gets it (secured-route.ts),
 * and every answer that sets a cookie (sign-in, a 401 that clears one).
 */
export function keptPrivate(response: Response): Response {
  const kept = (response.headers.get('cache-control') ?? '')
    .split(',')
    .map((directive) => directive.trim())
    .filter((directive) => directive && !STORING.has(directive.split('=')[0]!.toLowerCase()));
  const value = [PRIVATE_NO_STORE, ...kept].join(', ');
  try {
    response.headers.set('Cache-Control', value);
    return response;
  } catch {
    // Immutable headers (a fetched response passed through): copy them.
    const headers = new Headers(response.headers);
    headers.set('Cache-Control', value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
