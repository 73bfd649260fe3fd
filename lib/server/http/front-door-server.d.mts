// Types of front-door-server.mjs (plain JavaScript, run by scripts/server.mjs before the app is loaded).
import type http from 'node:http';
import type { Duplex } from 'node:stream';

export declare const FRONT_DOOR: unique symbol;
export declare const FRONT_DOOR_SERVED: unique symbol;
export declare function createFrontDoorServer(
  next: (request: http.IncomingMessage, response: http.ServerResponse) => unknown,
  options?: { upgrade?: (request: http.IncomingMessage, socket: Duplex, head: Buffer) => unknown },
): http.Server;
