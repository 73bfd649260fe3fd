import 'server-only';
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { earlyAnswer, rawAnswer } from './early-answer';
import { addToFrontDoor } from './front-door';

const GUARDED = Symbol.for('portal.unknown-method-guarded');

/**
 * The methods some route of the app takes: those of the API's document, HEAD
 * (a GET without its body) and OPTIONS (which Next.js answers for every route
 * handler). app/api/v1/method-fuzz.test.ts holds the list to the document.
 */
export const SERVED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const SERVED = new Set<string>(SERVED_METHODS);
const ALLOW = SERVED_METHODS.join(', ');

/** A method as RFC 9110 writes one (a token); anything else is a request that cannot be read (400). */
export const isMethodToken = (method: string) => /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(method);

/** Whether no route of the app takes this method (TRACE, PROPFIND, TRACK, CONNECT…). */
export const isUnservedMethod = (method: string | undefined) => !SERVED.has(method ?? '');

/** The 405 of a method no route takes: the API's error shape on /api, a short page elsewhere, in the reader's language, with `Allow`. */
export function methodNotAllowed(target: string, acceptLanguage: string) {
  const { body, headers } = earlyAnswer(target, acceptLanguage, 'method_not_allowed');
  return { status: 405, reason: 'Method Not Allowed', body, headers: { ...headers, Allow: ALLOW } };
}

const languageOf = (request: http.IncomingMessage) => {
  const header = request.headers['accept-language'];
  return Array.isArray(header) ? header.join(',') : (header ?? '');
};

/**
 * From now on, the front door (front-door.ts) answers a method no route
 * takes with a 405 and `Allow` before anything else sees the request (issue
 * 58, item 4): Next.js answered TRACE with a 500 on every route and rendered
 * the pages for PROPFIND or PURGE; Node closed the connection on a CONNECT
 * without a word. Methods Node cannot parse at all (TRACK) come through its
 * `clientError`, answered in header-overflow.ts. A CONNECT comes to the front
 * door as its own event (front-door-server.mjs listens for it). Installed last
 * at start, so it runs first. The body, if any, is not read: the connection closes.
 */
export function refuseUnknownMethods() {
  addToFrontDoor(GUARDED, (event, args) => {
    if (event === 'connect') {
      const [request, socket] = args as [http.IncomingMessage, Duplex];
      const answer = methodNotAllowed(request.url ?? '/', languageOf(request));
      socket.end(rawAnswer(405, answer.reason, answer.headers, answer.body));
      return true;
    }
    if (event !== 'request') return false;
    const [request, response] = args as [http.IncomingMessage, http.ServerResponse];
    if (!isUnservedMethod(request.method)) return false;
    const answer = methodNotAllowed(request.url ?? '/', languageOf(request));
    response.writeHead(405, answer.headers);
    response.end(answer.body);
    return true;
  });
}
