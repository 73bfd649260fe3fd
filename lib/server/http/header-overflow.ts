import 'server-only';
import type { Duplex } from 'node:stream';
import { earlyAnswer } from './early-answer';
import { interceptServerEvents } from './server-events';

const GUARDED = Symbol.for('portal.header-overflow-guarded');
type ParseError = Error & { code?: string; rawPacket?: Buffer };

// Node's limit on a request's headers (16 KB by default, --max-http-header-size).
const TOO_LARGE = 'HPE_HEADER_OVERFLOW';

/**
 * From now on, every HTTP server of this process answers a request whose
 * headers are too large with a 431 in the API's error shape (a page elsewhere),
 * instead of Node's bare status line with no body; any other request Node
 * cannot parse gets a 400 the same way. Installed once at start.
 */
export function answerUnparsableRequests() {
  interceptServerEvents(GUARDED, (event, args) => {
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
  const target = /^[A-Z]+ (\S+)/.exec(head)?.[1] ?? '/';
  const language = /\r\naccept-language:[ \t]*([^\r\n]{0,200})/i.exec(head)?.[1] ?? '';
  const status = error.code === TOO_LARGE ? 431 : 400;
  const { body, headers } = earlyAnswer(target, language, status === 431 ? 'header_too_large' : 'bad_request');
  const reason = status === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
}
