import 'server-only';
import http from 'node:http';
import { earlyAnswer } from './early-answer';

const GUARDED = Symbol.for('portal.malformed-path-guarded');
type Guardable = { emit: (event: string | symbol, ...args: unknown[]) => boolean; [GUARDED]?: true };

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
 * From now on, every HTTP server of this process answers a request whose path
 * cannot be percent-decoded with a 400 before Next.js sees it: Next.js decodes
 * route parameters itself and answers such a path with a bare 500 that no
 * route handler can catch. The API gets its error shape (DESIGN section 6),
 * pages a short page, both in the reader's language. Installed once at start,
 * beside the socket-address stamp.
 */
export function refuseMalformedPaths() {
  const prototype = http.Server.prototype as unknown as Guardable;
  if (prototype[GUARDED]) return;
  const emit = prototype.emit;
  prototype.emit = function (this: unknown, event, ...args) {
    if (event === 'request') {
      const [request, response] = args as [http.IncomingMessage, http.ServerResponse];
      if (hasMalformedPath(request.url ?? '/')) {
        answerBadRequest(request, response);
        return true;
      }
    }
    return emit.call(this, event, ...args);
  };
  prototype[GUARDED] = true;
}

function answerBadRequest(request: http.IncomingMessage, response: http.ServerResponse) {
  const header = request.headers['accept-language'];
  const { body, headers } = earlyAnswer(request.url ?? '/', Array.isArray(header) ? header.join(',') : (header ?? ''), 'bad_request');
  // The request body is not read: the connection closes after the answer.
  response.writeHead(400, headers);
  response.end(body);
}
