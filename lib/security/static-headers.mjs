// The security headers every answer carries (pages, API, files), set from
// next.config.mjs; the pages' CSP is per request (proxy.ts), the API's is static.
// Plain JavaScript (typed by static-headers.d.mts): next.config.mjs imports it,
// and a configuration in TypeScript would make `next start` load a compiler
// (about 26 MB resident) only to read it.

/**
 * Browser features the portal never uses are switched off for it and anything it
 * embeds (payments leave for the gateway's own page: no Payment Request API here).
 * Only features Chromium knows: an unknown one is a console error on every page.
 */
export const PERMISSIONS_POLICY = ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()', 'display-capture=()'].join(', ');

/** Two years; no includeSubDomains or preload: other services may share the parent domain. */
export const HSTS = 'max-age=63072000';

/** The API answers JSON and files, and the public folders fonts and icons: nothing in them may load or run anything, nor be framed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** @param {{ production: boolean }} options */
export function staticSecurityHeaders({ production }) {
  return [
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'Permissions-Policy', value: PERMISSIONS_POLICY },
    { key: 'Cross-Origin-Opener-Policy', value: 'same-origin-allow-popups' },
    // Browsers ignore HSTS over plain http (RFC 6797 §8.1), so a production build
    // served on http://localhost is unaffected; behind https it pins https.
    ...(production ? [{ key: 'Strict-Transport-Security', value: HSTS }] : []),
  ];
}
