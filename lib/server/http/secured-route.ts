import 'server-only';
import type { z } from 'zod';
import type { OfficePermission } from '@/lib/office/roles';
import { requireVerifiedEmail } from '@/lib/server/accounts/email-verification';
import { authenticate } from '@/lib/server/auth/authenticate';
import { assertOpsKey } from '@/lib/server/auth/ops-key';
import type { Session } from '@/lib/server/auth/session-types';
import { assertConsoleOrigin, requireStaff } from '@/lib/server/office/office-auth';
import type { StaffMember } from '@/lib/server/office/staff-sessions';
import { baseRoute, type RouteHandler } from './base-route';
import { refuseCrossSite } from './cross-site';
import type { ParamValue } from './params';
import { keptPrivate } from './private-answer';
import { readBody } from './request-body';
import { markSecurity, type RouteSecurity } from './route-security';

/** Reads one `{param}` of the address, or throws 404 (params.ts). */
type ParamReader = (value: ParamValue) => unknown;

/** What a route reads, declared to its wrapper: read and checked before the handler runs. */
export type Takes = {
  /** Each `{param}` of the address with its reader (idParam, textParam, or the route's own). */
  params?: Record<string, ParamReader>;
  /** The query string's schema. */
  query?: z.ZodType;
  /** The body's schema: JSON, url-encoded or multipart, read by readBody (64 KB; 400, 413, 415). */
  body?: z.ZodType;
  /**
   * Checked before anything else. 'site': no page of another site may call it
   * (a route that sets or clears the session cookie: refuseCrossSite). 'console':
   * a change must prove it comes from the console's own pages
   * (assertConsoleOrigin; route.staff checks that itself).
   */
  from?: 'site' | 'console';
};

type UserTakes = Omit<Takes, 'from'> & {
  from?: 'site';
  /** 403 email_unverified while the account's address is unconfirmed (it may be a stranger's), checked right after the session. */
  verifiedEmail?: true;
};
type KeyTakes = Omit<Takes, 'from'>;

type Nothing = Record<never, never>;

/** What a handler is given: the request, and what its route declared it reads, read and checked. */
export type Given<T> = { request: Request } & {
  params: T extends { params: infer R extends Record<string, ParamReader> } ? { [K in keyof R]: ReturnType<R[K]> } : Nothing;
} & (T extends { query: infer Q extends z.ZodType } ? { query: z.output<Q> } : Nothing) &
  (T extends { body: infer B extends z.ZodType } ? { body: z.output<B> } : Nothing);

type Handler<T, Caller> = (given: Given<T> & Caller) => Promise<Response>;
/** No option beyond those the wrapper knows: a misspelt one is a type error, not silently ignored. */
type Only<T, Allowed> = T & Record<Exclude<keyof T, keyof Allowed>, never>;

/** `wrapper(handler)`, or `wrapper({ params, query, body, … }, handler)`. */
export type Wrapper<Allowed, Caller> = {
  (handler: Handler<Nothing, Caller>): RouteHandler;
  <T extends Allowed>(takes: Only<T, Allowed>, handler: Handler<T, Caller>): RouteHandler;
};

type AnyHandler = (given: never) => Promise<Response>;

/**
 * The order every route keeps: who may send it (`from`), who the caller is,
 * then the query and the body (an anonymous caller gets 401, never 422), then
 * the address's parameters: a malformed id is answered as an id of nothing,
 * which the service finds after the body was checked.
 */
function secured(security: RouteSecurity, takes: Takes, caller: (request: Request) => Promise<object> | object, handler: AnyHandler): RouteHandler {
  const answer = baseRoute(async (request, context) => {
    if (takes.from === 'site') refuseCrossSite(request);
    else if (takes.from === 'console') assertConsoleOrigin(request);
    const given: Record<string, unknown> = { request, ...(await caller(request)) };
    if (takes.query) given.query = await takes.query.parseAsync(Object.fromEntries(new URL(request.url).searchParams));
    if (takes.body) given.body = await takes.body.parseAsync(await readBody(request));
    const raw = await context.params;
    given.params = Object.fromEntries(Object.entries(takes.params ?? {}).map(([name, read]) => [name, read(raw[name])]));
    return (handler as (given: Record<string, unknown>) => Promise<Response>)(given);
  });
  if (!PERSONAL.has(security)) return markSecurity(answer, security);
  // An answer about a signed-in person (or the office's automation) is never kept by any cache, its errors included.
  return markSecurity<RouteHandler>(async (request, context) => keptPrivate(await answer(request, context)), security);
}

/** The wrappers whose every answer is about one person: a pilgrim's session, a staff session, the operator key. */
const PERSONAL = new Set<RouteSecurity>(['user', 'optional-user', 'staff', 'ops']);

/** `(handler)` or `(takes, handler)`, as the caller wrote it. */
function parts<T>(first: T | AnyHandler, second?: AnyHandler): [T, AnyHandler] {
  return typeof first === 'function' ? [{} as T, first as AnyHandler] : [first, second!];
}

function wrapper<Allowed extends Takes, Caller extends object>(security: RouteSecurity, caller: (request: Request, takes: Allowed) => Promise<Caller> | Caller): Wrapper<Allowed, Caller> {
  return ((first: Allowed | AnyHandler, second?: AnyHandler) => {
    const [takes, handler] = parts(first, second);
    return secured(security, takes, (request) => caller(request, takes), handler);
  }) as Wrapper<Allowed, Caller>;
}

/** Anyone: sign-in, registration, content; also a link's token (a body field its service checks, 422 when used or expired). */
export const publicRoute = wrapper<Takes, Nothing>('public', () => ({}));

/** A pilgrim's session, by Bearer token or by the session cookie (authenticate.ts: a change by cookie must come from the site's pages): 401 without one. */
export const userRoute = Object.assign(
  wrapper<UserTakes, { session: Session }>('user', async (request, takes) => {
    const session = await authenticate(request);
    if (takes.verifiedEmail) requireVerifiedEmail(session.user);
    return { session };
  }),
  {
    /** A session only when the input needs one: `await session()` authenticates then (401), and not before. */
    optional: wrapper<Takes, { session: () => Promise<Session> }>('optional-user', (request) => {
      let found: Promise<Session> | undefined;
      return { session: () => (found ??= authenticate(request)) };
    }),
  },
);

type StaffWrapper = {
  (permission: OfficePermission, handler: Handler<Nothing, { member: StaffMember }>): RouteHandler;
  <T extends KeyTakes>(permission: OfficePermission, takes: Only<T, KeyTakes>, handler: Handler<T, { member: StaffMember }>): RouteHandler;
};

/** A staff session of the console allowed `permission` (lib/office/roles.ts): 401 without one, 403 for a role without it. */
export const staffRoute = ((permission: OfficePermission, first: KeyTakes | AnyHandler, second?: AnyHandler) => {
  const [takes, handler] = parts(first, second);
  return secured('staff', takes, async (request) => ({ member: await requireStaff(request, permission) }), handler);
}) as StaffWrapper;

/** The operator key (X-Ops-Key: the automation, `npm run ops`): 403 without it. */
export const opsRoute = wrapper<KeyTakes, Nothing>('ops', (request) => {
  assertOpsKey(request);
  return {};
});

/** A payment gateway's webhook: the handler verifies the signature itself, over the body's exact text (403 when forged). */
export const signedRoute = wrapper<Pick<Takes, 'params'>, Nothing>('signed', () => ({}));
