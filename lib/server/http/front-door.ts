import 'server-only';
import type http from 'node:http';

/** One step of the front door: true when it has answered the event itself (Next.js then never sees it). */
export type FrontDoorStep = (event: string | symbol, args: unknown[], server: http.Server) => boolean;

// The same key as lib/server/http/front-door-server.mjs's FRONT_DOOR: the server (plain JavaScript, outside the
// build) and the app (this module, inside it) meet on the process's global object. front-door.test.ts holds them equal.
const FRONT_DOOR = Symbol.for('portal.front-door');
type Store = Record<symbol, FrontDoorStep | true | undefined>;

/**
 * Adds a step to the front door: the part of the HTTP server that sees each request (and each request Node could not
 * parse, each CONNECT) before Next.js does. scripts/server.mjs, which `npm start` runs, makes that server
 * (front-door-server.mjs) and passes every event through the steps the app added at start (lib/server/start.ts);
 * docs/ARCHITECTURE.md, "The way in", says which and why. The last step added sees each event first; `mark` makes a
 * second call a no-op (start runs once, but a test may install a step again).
 */
export function addToFrontDoor(mark: symbol, step: FrontDoorStep) {
  const store = globalThis as unknown as Store;
  if (store[mark]) return;
  const inner = store[FRONT_DOOR];
  store[FRONT_DOOR] = (event, args, server) => step(event, args, server) || (typeof inner === 'function' && inner(event, args, server));
  store[mark] = true;
}

/** Whether this process's HTTP server passes its events through the front door (scripts/server.mjs says so before it starts the app). */
export function frontDoorServed(): boolean {
  return (globalThis as unknown as Record<symbol, unknown>)[Symbol.for('portal.front-door-served')] === true;
}
