// The Content-Security-Policy of the pages, built per request around a fresh
// nonce (proxy.ts). Pure: no environment access here, so it is easy to test.

export type CspOptions = {
  /** A page rendered per request: its scripts carry this nonce. */
  nonce?: string;
  /**
   * A prerendered page (lib/routing/static-pages.ts): no nonce, which would make
   * it per request. Its inline scripts run by their SHA-256 hashes (base64), and
   * its script files come from this server ('self'). No hashes: no inline script runs.
   */
  scriptHashes?: readonly string[];
  /** `next dev` only: React's dev tools evaluate code; production never allows eval. */
  development?: boolean;
  /** Firebase's auth domain when Google sign-in is configured (its sign-in iframe lives there). */
  firebaseAuthDomain?: string | null;
};

// What the Firebase web SDK calls from the page when Google sign-in or FCM push
// is configured: sign-in and token refresh, then FCM's installations and registrations.
const FIREBASE_CONNECT = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://firebaseinstallations.googleapis.com',
  'https://fcmregistrations.googleapis.com',
];

/** A base64 nonce of 128 random bits, new for every page answer. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

export function pageCsp({ nonce, scriptHashes = [], development = false, firebaseAuthDomain = null }: CspOptions): string {
  const firebase = Boolean(firebaseAuthDomain);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': [...scriptSources(nonce, scriptHashes, firebase), ...(development ? ["'unsafe-eval'"] : [])],
    // Per request, <style> elements need the nonce. A prerendered page has none
    // to give react-aria, which adds two fixed <style> elements at run time, so
    // there inline styles are allowed: a style cannot run script. style=""
    // attributes are allowed everywhere: React and react-aria position overlays with them.
    'style-src': nonce ? ["'self'", `'nonce-${nonce}'`] : ["'self'", "'unsafe-inline'"],
    'style-src-attr': ["'unsafe-inline'"],
    // data: and blob: for the previews of documents picked for upload.
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    // The API, the live notification stream (EventSource) and, when configured, Firebase.
    'connect-src': ["'self'", ...(firebase ? FIREBASE_CONNECT : [])],
    // Firebase's sign-in popup talks to the page through a hidden iframe on its auth domain.
    'frame-src': firebase ? [`https://${firebaseAuthDomain}`] : ["'none'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'media-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

function scriptSources(nonce: string | undefined, hashes: readonly string[], firebase: boolean): string[] {
  // Per request: only scripts carrying this answer's nonce run, and the scripts
  // they load ('strict-dynamic': Next's chunks, Firebase's gapi loader). No
  // inline handlers, no injected <script> without the nonce.
  if (nonce) return [`'nonce-${nonce}'`, "'strict-dynamic'"];
  // Prerendered: exactly the inline scripts the page was built with, and files
  // from this server (Next's chunks; the uploads are served as attachments,
  // nosniff, never as script). Firebase's sign-in loads Google's API loader.
  return ["'self'", ...hashes.map((hash) => `'sha256-${hash}'`), ...(firebase ? ['https://apis.google.com'] : [])];
}

// The API's policy lives with the static headers (next.config.mjs reads it).
export { API_CSP } from './static-headers.mjs';

/**
 * The API reference page (/api/docs): Redoc's script from this server, the
 * document from this server, nothing else. Redoc writes its styles into
 * <style> elements (styled-components) and searches in a worker it builds
 * from a blob; neither can run script of another origin.
 */
export const API_DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; worker-src blob:; " +
  "frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
