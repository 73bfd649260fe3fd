import 'server-only';
import type http from 'node:http';
import { addToFrontDoor } from './front-door';

/**
 * The request header that carries the TCP peer's address to route handlers.
 * Next.js gives handlers no socket address: `next start` writes it into
 * X-Forwarded-For only when a client sent none, and keeps a client's own value,
 * so that header alone lets anyone choose their address.
 */
export const SOCKET_ADDRESS_HEADER = 'x-portal-socket-address';

const STAMPED = Symbol.for('portal.socket-address-stamped');

/**
 * From now on, the front door (front-door.ts) writes the peer's address
 * into SOCKET_ADDRESS_HEADER of each request before any listener (Next.js)
 * sees it, replacing whatever a client sent under that name. Called once at
 * start (instrumentation), as the first step of the front door, so every other
 * step sees the address too.
 */
export function stampSocketAddresses() {
  addToFrontDoor(STAMPED, (event, args) => {
    if (event === 'request') stampSocketAddress(args[0] as http.IncomingMessage);
    return false;
  });
}

/** Writes the peer's address into SOCKET_ADDRESS_HEADER, over whatever a client sent under that name. */
export function stampSocketAddress(request: http.IncomingMessage) {
  request.headers[SOCKET_ADDRESS_HEADER] = request.socket?.remoteAddress ?? '';
}
