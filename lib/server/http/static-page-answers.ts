import 'server-only';
import type http from 'node:http';
import { SESSION_COOKIE } from './session-cookie';

// The answers of the prerendered public pages, kept for a second (issue 17,
// item 1). On the day a season opens, thousands ask for the same home page in
// the same second; Next.js serves it from its cache, but only after its router,
// the proxy (locale, guards, CSP) and a copy of the HTML, which left the
// cached pages at 0.4-0.66 of a constant route handler's throughput. A page
// answered less than a second ago is sent again as it left, bytes and headers:
// what a micro-cache in front of the app would do, without one to deploy.
//
// Only what is the same for every visitor is kept: a 200 that a CDN may keep
// (Cache-Control public) and that Next.js served from its cache (not a stale
// copy it is making again, not a first render), and never
// for a request that carries a session (the proxy's guards and its session hint
// answer those differently). The key holds what the answer depends on: the
// path and query, whether it is compressed, and the language cookie next-intl
// may set. When the catalogue changes, the kept answers are dropped at once
// with Next.js's own copies (lib/server/office/catalogue.ts).

/** How long an answer is sent again without asking Next.js: the staleness it may add to a page. */
export const KEEP_MS = 1000;
const MOST = 64;

export type KeptAnswer = { headers: http.OutgoingHttpHeaders; body: Buffer; etag: string | null; until: number };

// One store for the process: the start-up code and the route handlers are bundled apart,
// and a module-level Map would be one per bundle.
const STORE = Symbol.for('portal.static-page-answers');
type Store = { answers: Map<string, KeptAnswer> };
function store(): Store {
  const scope = globalThis as typeof globalThis & { [STORE]?: Store };
  scope[STORE] ??= { answers: new Map() };
  return scope[STORE];
}

// The session cookie and the hint the proxy mirrors from it (proxy.ts, SESSION_HINT_COOKIE: not importable here, it sits with next-intl's middleware).
const SESSION_COOKIES = new RegExp(`(?:^|;\\s*)(?:${SESSION_COOKIE}|has_session)=`);
const LANGUAGE_COOKIE = /(?:^|;\s*)NEXT_LOCALE=([^;]*)/;

/** The key of this request's answer, or null when it may not be kept or sent from what is kept (a visitor with a session). */
export function answerKey(request: http.IncomingMessage, gzip: boolean): string | null {
  const cookies = String(request.headers.cookie ?? '');
  if (SESSION_COOKIES.test(cookies)) return null;
  return `${request.url ?? '/'}\n${gzip ? 'gzip' : 'identity'}\n${LANGUAGE_COOKIE.exec(cookies)?.[1] ?? ''}`;
}

export function keptAnswer(key: string, now = Date.now()): KeptAnswer | undefined {
  const answers = store().answers;
  const kept = answers.get(key);
  if (kept && kept.until > now) return kept;
  if (kept) answers.delete(key);
  return undefined;
}

// Set by Node or by the connection, not by the page.
const NOT_KEPT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** Keeps the answer just sent, when it is one every visitor with this key would get. */
export function keepAnswer(key: string, response: http.ServerResponse, body: Buffer, shared: boolean, now = Date.now()) {
  if (!shared || response.statusCode !== 200) return;
  // Only what Next.js served from its cache: not a stale copy it is making again (the next visitor should get the new one), nor a first render.
  if (String(response.getHeader('x-nextjs-cache') ?? '').toUpperCase() !== 'HIT') return;
  const headers = Object.fromEntries(Object.entries(response.getHeaders()).filter(([name]) => !NOT_KEPT.has(name)));
  const answers = store().answers;
  if (!answers.has(key) && answers.size >= MOST) answers.delete(answers.keys().next().value as string);
  answers.set(key, { headers, body, etag: response.getHeader('etag') ? String(response.getHeader('etag')) : null, until: now + KEEP_MS });
}

/** Sends a kept answer: a 304 when the browser holds this version, else the same bytes and headers. */
export function sendKept(request: http.IncomingMessage, response: http.ServerResponse, kept: KeptAnswer) {
  if (kept.etag && request.headers['if-none-match'] === kept.etag) {
    // No body, so nothing to measure or decode.
    const headers = Object.fromEntries(Object.entries(kept.headers).filter(([name]) => name !== 'content-length' && name !== 'content-encoding'));
    response.writeHead(304, headers);
    response.end();
    return;
  }
  response.writeHead(200, kept.headers);
  response.end(kept.body);
}

/** Drops every kept answer: the catalogue changed, and the pages that show it are being made again. */
export function forgetStaticPageAnswers() {
  store().answers.clear();
}
