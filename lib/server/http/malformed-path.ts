import 'server-only';
import type http from 'node:http';
import { earlyAnswer } from './early-answer';
import { addToFrontDoor } from './front-door';

const GUARDED = Symbol.for('portal.malformed-path-guarded');

/** Whether a request target's path holds a percent sign that is no valid UTF-8 percent-encoding (`/requests/%E0%A4%A`). */
export function hasMalformedPath(target: string): boolean {
  const path = target.split('?', 1)[0] ?? '';
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

/**
 * From now on, the front door (front-door.ts) answers a request whose path
 * cannot be percent-decoded with a 400 before Next.js sees it: Next.js decodes
 * route parameters itself and answers such a path with a bare 500 that no
 * route handler can catch. The API gets its error shape (DESIGN section 6),
 * pages a short page, both in the reader's language. Installed once at start,
 * beside the socket-address stamp.
 */
export function refuseMalformedPaths() {
  addToFrontDoor(GUARDED, (event, args) => {
    if (event !== 'request') return false;
    const [request, response] = args as [http.IncomingMessage, http.ServerResponse];
    if (!hasMalformedPath(request.url ?? '/')) return false;
    answerBadRequest(request, response);
    return true;
  });
}

function answerBadRequest(request: http.IncomingMessage, response: http.ServerResponse) {
  const header = request.headers['accept-language'];
  const { body, headers } = earlyAnswer(request.url ?? '/', Array.isArray(header) ? header.join(',') : (header ?? ''), 'bad_request');
  // The request body is not read: the connection closes after the answer.
  response.writeHead(400, headers);
  response.end(body);
}
