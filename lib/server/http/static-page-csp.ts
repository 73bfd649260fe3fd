import 'server-only';
import { createHash } from 'node:crypto';
import type http from 'node:http';
import { gzipSync } from 'node:zlib';
import { isStaticPage } from '@/lib/routing/static-pages';
import { pageCsp } from '@/lib/security/csp';
import { firebaseAuthDomain, isDevelopment } from '@/lib/security/page-csp-options';
import { addToFrontDoor } from './front-door';
import { answerKey, keepAnswer, keptAnswer, sendKept } from './static-page-answers';

const INSTALLED = Symbol.for('portal.static-page-csp');

/**
 * A prerendered page in a shared cache for a minute, served stale for five while
 * it is made again: a CDN may keep it (s-maxage), a browser asks each time
 * (max-age=0), so a new build or catalogue shows at the next visit.
 */
export const STATIC_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

const PRIVATE = 'private, no-cache, no-store, max-age=0, must-revalidate';

// <script …>…</script> without a src: the inline scripts the browser will run.
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** The SHA-256 (base64) of every inline script in this HTML, as CSP's hash sources name them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes ?? '')) continue;
    hashes.add(createHash('sha256').update(body ?? '', 'utf8').digest('base64'));
  }
  return [...hashes];
}

type Prepared = { csp: string; gzip: Buffer | null };
// The CSP of each page version by its ETag: a browser that asks "still this
// one?" gets a 304 whose headers replace the ones it kept, the CSP included.
const cspByEtag = new Map<string, string>();
// The same page is served many times between two renders: hashed and compressed once.
const prepared = new Map<string, Prepared>();
const PREPARED_MAX = 64;

function prepare(body: Buffer, wantsGzip: boolean): Prepared {
  const key = createHash('sha1').update(body).digest('base64') + (wantsGzip ? ':gz' : '');
  let entry = prepared.get(key);
  if (!entry) {
    const csp = pageCsp({ scriptHashes: inlineScriptHashes(body.toString('utf8')), development: isDevelopment(), firebaseAuthDomain: firebaseAuthDomain() });
    entry = { csp, gzip: wantsGzip && body.length > 1024 ? gzipSync(body) : null };
    if (prepared.size >= PREPARED_MAX) prepared.delete(prepared.keys().next().value as string);
    prepared.set(key, entry);
  }
  return entry;
}

/**
 * From now on, the HTML of a prerendered public page (lib/routing/static-pages.ts)
 * leaves with a CSP naming the hashes of exactly the inline scripts it holds, and
 * a Cache-Control a CDN honours. Next.js serves such a page from its cache with
 * no nonce (a nonce needs a render per request) and its inline scripts (the
 * React payload) change with each render, so the hashes are taken here, from
 * the bytes sent, at the one place every answer passes. The page is compressed
 * here too: Next.js would compress it before it could be read.
 */
export function hashStaticPageScripts() {
  addToFrontDoor(INSTALLED, (event, args) => {
    if (event !== 'request') return false;
    const [request, response] = args as [http.IncomingMessage, http.ServerResponse];
    if (request.method !== 'GET' || request.headers.rsc) return false;
    if (!isStaticPage((request.url ?? '/').split('?', 1)[0] ?? '/')) return false;
    const wantsGzip = /\bgzip\b/i.test(String(request.headers['accept-encoding'] ?? ''));
    const key = answerKey(request, wantsGzip);
    // Answered less than a second ago, the same for everyone: sent again without Next.js (static-page-answers.ts).
    const kept = key ? keptAnswer(key) : undefined;
    if (kept) {
      sendKept(request, response, kept);
      return true;
    }
    holdUntilEnd(request, response, wantsGzip, key);
    return false;
  });
}

type Chunk = string | Uint8Array;
type Callback = (error?: Error | null) => void;

function toBuffer(chunk: Chunk, encoding?: BufferEncoding) {
  return typeof chunk === 'string' ? Buffer.from(chunk, encoding ?? 'utf8') : Buffer.from(chunk);
}

/** Collects the answer Next.js writes, then sends it whole with its CSP (and compressed when asked). */
function holdUntilEnd(request: http.IncomingMessage, response: http.ServerResponse, wantsGzip: boolean, key: string | null) {
  delete request.headers['accept-encoding'];
  // A version this process has not sent (or no longer remembers) is sent whole, so its hashes can be taken.
  const etag = request.headers['if-none-match'];
  if (etag && !cspByEtag.has(etag)) delete request.headers['if-none-match'];
  const chunks: Buffer[] = [];
  const original = { writeHead: response.writeHead, write: response.write, end: response.end, flushHeaders: response.flushHeaders };

  response.writeHead = function (this: http.ServerResponse, status: number, ...rest: unknown[]) {
    const [message, headers] = typeof rest[0] === 'string' ? [rest[0], rest[1]] : [undefined, rest[0]];
    this.statusCode = status;
    if (message) this.statusMessage = message;
    if (Array.isArray(headers)) for (let i = 0; i + 1 < headers.length; i += 2) this.setHeader(String(headers[i]), headers[i + 1] as string);
    else if (headers) for (const [name, value] of Object.entries(headers as http.OutgoingHttpHeaders)) if (value !== undefined) this.setHeader(name, value);
    return this;
  } as typeof response.writeHead;
  response.flushHeaders = () => {};
  response.write = function (chunk: Chunk, encoding?: BufferEncoding | Callback, callback?: Callback) {
    chunks.push(toBuffer(chunk, typeof encoding === 'string' ? encoding : undefined));
    (typeof encoding === 'function' ? encoding : callback)?.();
    return true;
  } as typeof response.write;
  response.end = function (this: http.ServerResponse, chunk?: Chunk | Callback, encoding?: BufferEncoding | Callback, callback?: Callback) {
    if (chunk && typeof chunk !== 'function') chunks.push(toBuffer(chunk, typeof encoding === 'string' ? encoding : undefined));
    Object.assign(this, original);
    const done = [chunk, encoding, callback].find((value): value is Callback => typeof value === 'function');
    const sent = finish(this, Buffer.concat(chunks), wantsGzip);
    if (key) keepAnswer(key, this, sent, this.getHeader('cache-control') === STATIC_PAGE_CACHE_CONTROL);
    return this.end(sent, done);
  } as typeof response.end;
}

function finish(response: http.ServerResponse, body: Buffer, wantsGzip: boolean): Buffer {
  const etag = String(response.getHeader('etag') ?? '');
  if (response.statusCode === 304) {
    const known = cspByEtag.get(etag);
    if (known) sharedHeaders(response, known);
    return body;
  }
  if (!String(response.getHeader('content-type') ?? '').startsWith('text/html')) return body;
  const { csp, gzip } = prepare(body, wantsGzip);
  if (etag) remember(etag, csp);
  sharedHeaders(response, csp);
  response.removeHeader('transfer-encoding');
  const sent = gzip ?? body;
  if (gzip) response.setHeader('Content-Encoding', 'gzip');
  response.setHeader('Content-Length', sent.length);
  return sent;
}

function remember(etag: string, csp: string) {
  if (cspByEtag.size >= PREPARED_MAX) cspByEtag.delete(cspByEtag.keys().next().value as string);
  cspByEtag.set(etag, csp);
}

function sharedHeaders(response: http.ServerResponse, csp: string) {
  response.setHeader('Content-Security-Policy', csp);
  // Shared only when it is the same for everyone: a 200 that sets no cookie but
  // the page's own language (next-intl's NEXT_LOCALE, the same for every visitor of this address).
  // Anything else that sets a cookie (the session hint) is this visitor's alone.
  const cookies = response.getHeader('set-cookie');
  if ((response.statusCode === 200 || response.statusCode === 304) && setsOnlyTheLanguage(cookies)) response.setHeader('Cache-Control', STATIC_PAGE_CACHE_CONTROL);
  else if (cookies !== undefined) response.setHeader('Cache-Control', PRIVATE);
  response.setHeader('Vary', mergeVary(response.getHeader('vary'), 'Accept-Encoding'));
}

function setsOnlyTheLanguage(cookies: number | string | string[] | undefined) {
  const list = cookies === undefined ? [] : Array.isArray(cookies) ? cookies : [String(cookies)];
  return list.every((cookie) => cookie.startsWith('NEXT_LOCALE='));
}

function mergeVary(current: number | string | string[] | undefined, name: string) {
  const names = (Array.isArray(current) ? current.join(',') : String(current ?? '')).split(',').map((v) => v.trim()).filter(Boolean);
  return names.some((v) => v.toLowerCase() === name.toLowerCase()) ? names.join(', ') : [...names, name].join(', ');
}
