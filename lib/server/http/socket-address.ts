import 'server-only';
import http from 'node:http';

/**
 * The request header that carries the TCP peer's address to route handlers.
 * Next.js gives handlers no socket address: `next start` writes it into
 * X-Forwarded-For only when a client sent none, and keeps a client's own value,
 * so that header alone lets anyone choose their address.
 */
export const SOCKET_ADDRESS_HEADER = 'x-portal-socket-address';

const STAMPED = Symbol.for('portal.socket-address-stamped');
type Stampable = { emit: (event: string | symbol, ...args: unknown[]) => boolean; [STAMPED]?: true };

/**
 * From now on, every HTTP server of this process writes the peer's address
 * into SOCKET_ADDRESS_HEADER of each request before any listener (Next.js)
 * sees it, replacing whatever a client sent under that name. Called once at
 * start (instrumentation), so it covers `npm start`, `next start` and `next
 * dev` alike; patching the prototype reaches the server Next.js has made.
 */
export function stampSocketAddresses() {
  const prototype = http.Server.prototype as unknown as Stampable;
  if (prototype[STAMPED]) return;
  const emit = prototype.emit;
  prototype.emit = function (this: unknown, event, ...args) {
    if (event === 'request') {
      const request = args[0] as http.IncomingMessage;
      request.headers[SOCKET_ADDRESS_HEADER] = request.socket?.remoteAddress ?? '';
    }
    return emit.call(this, event, ...args);
  };
  prototype[STAMPED] = true;
}
