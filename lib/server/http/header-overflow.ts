import 'server-only';
import type { Duplex } from 'node:stream';
import { earlyAnswer, rawAnswer } from './early-answer';
import { addToFrontDoor } from './front-door';
import { isMethodToken, methodNotAllowed } from './unknown-method';

const GUARDED = Symbol.for('portal.header-overflow-guarded');
type ParseError = Error & { code?: string; rawPacket?: Buffer };

// Node's limit on a request's headers (16 KB by default, --max-http-header-size).
const TOO_LARGE = 'HPE_HEADER_OVERFLOW';
// A method Node does not know (TRACK, BREW, a lowercase get).
const UNKNOWN_METHOD = 'HPE_INVALID_METHOD';

/**
 * From now on, the front door (front-door.ts) answers a request whose
 * headers are too large with a 431 in the API's error shape (a page elsewhere),
 * instead of Node's bare status line with no body; a method Node does not
 * know, when it is a token, gets the 405 of a method no route takes
 * (unknown-method.ts); any other request Node cannot parse gets a 400 the same
 * way. Installed once at start.
 */
export function answerUnparsableRequests() {
  addToFrontDoor(GUARDED, (event, args) => {
    if (event !== 'clientError') return false;
    const [error, socket] = args as [ParseError, Duplex];
    answer(error, socket);
    return true;
  });
}

function answer(error: ParseError, socket: Duplex) {
  // A connection reset or timed out has nobody to answer.
  if (!socket.writable || error.code === 'ECONNRESET' || error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    socket.destroy();
    return;
  }
  // What was read before the limit: the request line and the first headers, enough for the path and the language.
  const head = error.rawPacket?.toString('latin1') ?? '';
  const [, method = '', target = '/'] = /^(\S+) (\S+)/.exec(head) ?? [];
  const language = /\r\naccept-language:[ \t]*([^\r\n]{0,200})/i.exec(head)?.[1] ?? '';
  if (error.code === UNKNOWN_METHOD && isMethodToken(method)) {
    const refused = methodNotAllowed(target, language);
    socket.end(rawAnswer(405, refused.reason, refused.headers, refused.body));
    return;
  }
  const status = error.code === TOO_LARGE ? 431 : 400;
  const { body, headers } = earlyAnswer(target, language, status === 431 ? 'header_too_large' : 'bad_request');
  const reason = status === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
  socket.end(rawAnswer(status, reason, headers, body));
}
