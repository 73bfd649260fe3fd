// The HTTP server of `npm start` (scripts/server.mjs): Node's own, with the app's front door before Next.js.
// Plain JavaScript: the server is made before the app's build is loaded (Next.js loads it in app.prepare()),
// and the tests of each front-door step make the same server around a stand-in for Next.js.
import http from 'node:http';

/** Where the app puts its front door when it starts (lib/server/http/front-door.ts, addToFrontDoor). */
export const FRONT_DOOR = Symbol.for('portal.front-door');
/** Set by the server that passes its events through the front door, so the app can tell when it was started without one. */
export const FRONT_DOOR_SERVED = Symbol.for('portal.front-door-served');

/** Whether the front door answered this event (false when it has no step for it, or the app has added none yet). */
function answeredAtTheDoor(event, args, server) {
  const door = globalThis[FRONT_DOOR];
  return typeof door === 'function' && door(event, args, server) === true;
}

/**
 * An HTTP server whose every request goes first through the front door, then to `next` (Next.js's request handler)
 * unless a step answered it. A request Node cannot parse and a CONNECT are the front door's too; without a step
 * for them, Node's own answer (a bare 400) and a closed socket.
 * @param {(request: http.IncomingMessage, response: http.ServerResponse) => unknown} next
 * @param {{ upgrade?: (request: http.IncomingMessage, socket: import('node:stream').Duplex, head: Buffer) => unknown }} [options]
 */
export function createFrontDoorServer(next, options = {}) {
  globalThis[FRONT_DOOR_SERVED] = true;
  const server = http.createServer((request, response) => {
    if (!answeredAtTheDoor('request', [request, response], server)) void next(request, response);
  });
  server.on('clientError', (error, socket) => {
    if (answeredAtTheDoor('clientError', [error, socket], server)) return;
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  server.on('connect', (request, socket) => {
    if (!answeredAtTheDoor('connect', [request, socket], server)) socket.destroy();
  });
  if (options.upgrade) server.on('upgrade', options.upgrade);
  return server;
}
