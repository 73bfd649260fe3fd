import 'server-only';
import type http from 'node:http';
import { API_CSP, staticSecurityHeaders } from '@/lib/security/static-headers.mjs';
import * as openingQueue from '@/lib/server/openings/queue-route';
import * as requestTypes from '@/lib/server/requests/request-types-route';
import { describeError, logger } from '@/lib/server/log/logger';
import type { RouteHandler } from './base-route';
import { publicSiteUrl } from './origin';
import { addToFrontDoor } from './front-door';
import { stampSocketAddress } from './socket-address';

type Method = 'GET' | 'POST' | 'DELETE';
type Handlers = Partial<Record<Method, RouteHandler>>;
type HotRoute = { path: RegExp; params: readonly string[]; handlers: Handlers };

/**
 * The requests an opening minute brings by the thousand (docs/PERFORMANCE.md, "The opening minute"): every waiting
 * pilgrim's page reads its place every few seconds, every open home page its places left, and everyone joins at
 * once. Through Next.js each one cost about 36 ms of the server's thread, nearly all of it the framework's routing
 * and its web Request/Response plumbing, not the route's own work (one Redis or database round trip). These routes are answered by the same handlers as their
 * app/api route files (the route file re-exports them), called here with a web Request made from Node's, so the
 * answer is the same: the same checks, the same errors and their shape, the same log line. Only what Next.js adds
 * around a route is added here too: next.config.mjs's security headers and the API's CSP.
 *
 * A request with a body, or a method not listed, goes on to Next.js as before.
 */
const HOT_ROUTES: HotRoute[] = [
  { path: /^\/api\/v1\/openings\/([^/]+)\/queue$/, params: ['service'], handlers: openingQueue },
  // Places left, read every few seconds by every page that shows them (issue 63, item 2).
  { path: /^\/api\/v1\/request-types$/, params: [], handlers: requestTypes },
];

const SECURITY_HEADERS: [string, string][] = [
  ...staticSecurityHeaders({ production: process.env.NODE_ENV === 'production' }).map(({ key, value }): [string, string] => [key, value]),
  ['Content-Security-Policy', API_CSP],
];

/** The hot route and its handler this request goes to, or null (then Next.js answers it). */
export function hotRouteFor(method: string | undefined, target: string, headers: http.IncomingHttpHeaders): { handler: RouteHandler; params: Record<string, string> } | null {
  if (method !== 'GET' && method !== 'POST' && method !== 'DELETE') return null;
  // A body is read by Next.js's parser, whose limits and errors every route shares: such a request goes there.
  if (headers['transfer-encoding'] || (headers['content-length'] !== undefined && headers['content-length'] !== '0')) return null;
  const path = target.split('?', 1)[0] ?? '';
  for (const route of HOT_ROUTES) {
    const match = route.path.exec(path);
    const handler = match && route.handlers[method];
    if (!match || !handler) continue;
    const params: Record<string, string> = {};
    try {
      route.params.forEach((name, index) => (params[name] = decodeURIComponent(match[index + 1] ?? '')));
    } catch {
      return null;
    }
    return { handler, params };
  }
  return null;
}

/** A web Request with Node's request's method, address and headers (the body is empty: hotRouteFor takes no other). */
function webRequest(request: http.IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  // The address the site is reached at, as the route handlers' other door (Next.js) gives it; only its path is read.
  return new Request(new URL(request.url ?? '/', publicSiteUrl()), { method: request.method, headers });
}

/**
 * Answers this request from its hot route, when it has one: true when it did (or will: the answer is written when
 * the handler's promise settles), false when the request goes on to Next.js. The socket's address is stamped
 * first (socket-address.ts): the rate limits read it.
 */
function answerHotRoute(request: http.IncomingMessage, response: http.ServerResponse): boolean {
  const found = hotRouteFor(request.method, request.url ?? '/', request.headers);
  if (!found) return false;
  stampSocketAddress(request);
  let web: Request;
  try {
    web = webRequest(request);
  } catch {
    return false;
  }
  void found
    .handler(web, { params: Promise.resolve(found.params) })
    .then((answer) => send(answer, response))
    .catch((error: unknown) => {
      // The handler answers every error itself (base-route.ts): only writing the answer can fail here.
      logger.error('hot route answer failed', { error: describeError(error) });
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'application/json' });
      response.end();
    });
  return true;
}

const INSTALLED = Symbol.for('portal.hot-routes');

/**
 * From now on, the front door answers the hot routes above with their own handlers (answerHotRoute). Added at
 * start before the guards that refuse what no route may take (unknown methods, malformed paths), so those, added
 * later, still see these requests first; the socket address's stamp, added earlier, would see them after: this step
 * stamps the address itself.
 */
export function answerHotRoutes() {
  addToFrontDoor(INSTALLED, (event, args) => {
    if (event !== 'request') return false;
    const [request, response] = args as [http.IncomingMessage, http.ServerResponse];
    return answerHotRoute(request, response);
  });
}

async function send(answer: Response, response: http.ServerResponse) {
  const body = answer.body ? Buffer.from(await answer.arrayBuffer()) : undefined;
  for (const [name, value] of SECURITY_HEADERS) response.setHeader(name, value);
  answer.headers.forEach((value, name) => {
    if (name !== 'set-cookie') response.setHeader(name, value);
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length) response.setHeader('Set-Cookie', cookies);
  if (body) response.setHeader('Content-Length', body.length);
  response.writeHead(answer.status);
  response.end(body);
}
