import 'server-only';
import type http from 'node:http';
import { isDevelopment } from '@/lib/security/page-csp-options';
import { API_CSP } from '@/lib/security/static-headers.mjs';
import { earlyAnswer } from './early-answer';
import { addToFrontDoor } from './front-door';

const GUARDED = Symbol.for('portal.unknown-language-guarded');

// The first segments proxy.ts never sees (its matcher): the API, Next.js's files,
// the public folders, and the development endpoints (/__nextjs_…).
const UNPROXIED = '(?:api|_next|_vercel|fonts|icons|__nextjs[^/]*)';
// The prerendered public pages that take their first segment for a language
// (lib/routing/static-pages.ts). The static pages' route refuses unknown
// segments itself (dynamicParams = false).
const PUBLIC_PAGE = '(?:/faqs|/auth/(?:login|register))?/?';
const REFUSED = new RegExp(`^/${UNPROXIED}${PUBLIC_PAGE}$`);

/**
 * Whether this request target is a prerendered public page's address with a
 * first segment that is no language and that the proxy, which sends every other
 * such address to the visitor's language, never sees (`/fonts`,
 * `/_next/auth/login`, `/__nextjs_x/faqs`). Next.js would render the page for
 * it and keep the answer in its page cache on disk (7 files each; the
 * development endpoints' names are endless), or fail with a 500.
 */
export function isUnknownLanguagePage(target: string, development = isDevelopment()): boolean {
  const path = target.split('?', 1)[0] ?? '/';
  if (!REFUSED.test(path)) return false;
  // Next.js's own endpoints in `next dev` (the error overlay's stack frames, its editor link).
  return !(development && path.startsWith('/__nextjs'));
}

/**
 * From now on, the front door (front-door.ts) answers those addresses with
 * a 404 before Next.js sees them (security issue, item 2): the API's error
 * shape on /api, a short page elsewhere, in the reader's language, never stored.
 * Installed once at start, beside the malformed-path guard.
 */
export function refuseUnknownLanguagePages() {
  addToFrontDoor(GUARDED, (event, args) => {
    if (event !== 'request') return false;
    const [request, response] = args as [http.IncomingMessage, http.ServerResponse];
    if (!isUnknownLanguagePage(request.url ?? '/')) return false;
    const header = request.headers['accept-language'];
    const { body, headers } = earlyAnswer(request.url ?? '/', Array.isArray(header) ? header.join(',') : (header ?? ''), 'not_found');
    response.writeHead(404, { ...headers, 'Content-Security-Policy': API_CSP, 'X-Content-Type-Options': 'nosniff' });
    response.end(request.method === 'HEAD' ? undefined : body);
    return true;
  });
}
