import 'server-only';
import type http from 'node:http';
import { interceptServerEvents } from './server-events';

/**
 * The request header that carries the TCP peer's address to route handlers.
 * Next.js gives handlers no socket address: `next start` writes it into
 * X-Forwarded-For only when a client sent none, and keeps a client's own value,
 * so that header alone lets anyone choose their address.
 */
export const SOCKET_ADDRESS_HEADER = 'x-portal-socket-address';

const STAMPED = Symbol.for('portal.socket-address-stamped');

/**
 * From now on, every HTTP server of this process writes the peer's address
 * into SOCKET_ADDRESS_HEADER of each request before any listener (Next.js)
 * sees it, replacing whatever a client sent under that name. Called once at
 * start (instrumentation), so it covers `npm start`, `next start` and `next
 * dev` alike; patching the prototype reaches the server Next.js has made.
 */
export function stampSocketAddresses() {
  interceptServerEvents(STAMPED, (event, args) => {
    if (event === 'request') {
      const request = args[0] as http.IncomingMessage;
      request.headers[SOCKET_ADDRESS_HEADER] = request.socket?.remoteAddress ?? '';
    }
    return false;
  });
}
