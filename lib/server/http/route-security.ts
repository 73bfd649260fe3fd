import 'server-only';

/**
 * Who may call a route, as the wrapper it was built with says (handler.ts):
 * `public` (anyone; a link's token is a body field its service checks),
 * `user` (a pilgrim's session), `optional-user` (a session only when the input
 * needs one), `staff` (a staff session with a permission), `ops` (the operator
 * key), `signed` (a gateway's signature, checked by the handler on the exact
 * body). The OpenAPI document declares the same per operation (operations.ts
 * `auth`); app/api/v1/route-security.test.ts holds the two together.
 */
export type RouteSecurity = 'public' | 'user' | 'optional-user' | 'staff' | 'ops' | 'signed';

// A WeakMap rather than a property: a mark cannot be copied by hand onto a handler no wrapper built.
const securities = new WeakMap<object, RouteSecurity>();

export function markSecurity<H extends object>(handler: H, security: RouteSecurity): H {
  securities.set(handler, security);
  return handler;
}

/** The wrapper a route handler was built with; undefined for a bare route() or a plain function. */
export function securityOf(handler: unknown): RouteSecurity | undefined {
  return typeof handler === 'function' ? securities.get(handler) : undefined;
}
