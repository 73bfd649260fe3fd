import 'server-only';
import { baseRoute, type RouteHandler } from './base-route';
import { opsRoute, publicRoute, signedRoute, staffRoute, userRoute } from './secured-route';

export { errorResponse } from './base-route';
export type { RouteHandler } from './base-route';

/**
 * Every route handler under app/api says who may call it by the wrapper it is
 * built with; the OpenAPI document declares the same, and
 * app/api/v1/route-security.test.ts holds the two together:
 *
 *   route.public(handler)             anyone; a link's token is a body field its service checks
 *   route.user(handler)               a pilgrim's session → `session`
 *   route.user.optional(handler)      `await session()` only when the input needs one
 *   route.staff(permission, handler)  a console session allowed `permission` → `member`
 *   route.ops(handler)                the operator key (X-Ops-Key)
 *   route.signed(handler)             a gateway's webhook; the handler verifies its signature
 *
 * Before the handler, each may read what the route declares it takes:
 * `route.user({ params: { id: idParam }, body: saveStepSchema }, async ({ session, params, body }) => …)`
 * (secured-route.ts: the options, and the order they are checked in). A route
 * that must read its request itself (an upload counted before it is read, a
 * body whose fields choose its schema) reads `request` in its handler.
 *
 * route(handler) alone answers errors and logs, and checks nothing: app/api
 * never uses it bare (a route's wrapper is checked against the document).
 */
export const route = Object.assign(<P = Record<string, string | string[]>>(handler: RouteHandler<P>) => baseRoute(handler), {
  public: publicRoute,
  user: userRoute,
  staff: staffRoute,
  ops: opsRoute,
  signed: signedRoute,
});
