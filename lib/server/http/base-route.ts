import 'server-only';
import { ZodError } from 'zod';
import { translatorFor } from '@/lib/i18n/translator';
import { localizeIssues } from '@/lib/validation/localize';
import { requestFormats } from '@/lib/i18n/formats';
import { isDatabaseUnavailable } from '@/lib/server/db/unavailable';
import { describeError, logger } from '@/lib/server/log/logger';
import { isCrossSite } from './cross-site';
import { ApiError } from './errors';
import { requestLocale } from './locale';
import { keptPrivate } from './private-answer';
import { withNoTransform } from './respond';
import { requestIdOf, routeOf } from './request-id';
import { clearedSessionCookie } from './session-cookie';
import { OFFICE_TIME_ZONE } from '@/lib/office/time-zone';

/** A route handler as Next.js calls it. */
export type RouteHandler<P = Record<string, string | string[]>> = (request: Request, context: { params: Promise<P> }) => Promise<Response>;

/**
 * Wraps a route handler (routes take it as route.public, route.user… from
 * handler.ts, which add the caller's authentication): expected failures
 * become the error shape of DESIGN section 6 in the reader's language; zod
 * failures become 422 with field messages; a database that cannot be reached
 * becomes a 503 with Retry-After (the pool reconnects by itself); anything
 * else is logged and answered as a 500 that leaks nothing. Every answer
 * carries X-Request-Id (and, when it sets a cookie, `Cache-Control: private,
 * no-store`), and one log line per request records the method,
 * route shape, status and duration (never bodies, headers or tokens).
 */
export function baseRoute<P = Record<string, string | string[]>>(handler: RouteHandler<P>): RouteHandler<P> {
  return async (request, context) => {
    const started = performance.now();
    const requestId = requestIdOf(request);
    let response: Response;
    try {
      response = await handler(request, context);
    } catch (error) {
      response = errorResponse(request, error, requestId);
    }
    response = withRequestId(response, requestId);
    // An answer that sets a cookie (a sign-in with its token, a 401 that clears one) is someone's alone.
    if (response.headers.has('set-cookie')) response = keptPrivate(response);
    if (!READS.has(request.method)) response = uncompressed(response);
    logger.info('request', {
      request_id: requestId,
      method: request.method,
      route: routeOf(request),
      status: response.status,
      duration_ms: Math.round((performance.now() - started) * 10) / 10,
    });
    return response;
  };
}

const READS = new Set(['GET', 'HEAD']);

/**
 * An answer to a write goes as it is: `no-transform` asks Next.js's compression (and any proxy) to leave it. It is a
 * few kilobytes of JSON, and under the load of an opening minute (docs/PERFORMANCE.md) gzipping each one took a tenth
 * of the server's thread, which every sender waits for. Reads (the lists, the API's document) are still compressed.
 */
function uncompressed(response: Response): Response {
  const given = response.headers.get('cache-control');
  const value = withNoTransform(given);
  return value === given ? response : withHeader(response, 'Cache-Control', value);
}

function withRequestId(response: Response, requestId: string): Response {
  return withHeader(response, 'X-Request-Id', requestId);
}

function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    // Immutable headers (a fetched response passed through): copy them.
    const headers = new Headers(response.headers);
    headers.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

export function errorResponse(request: Request, error: unknown, requestId?: string): Response {
  const locale = requestLocale(request);
  const t = translatorFor(locale);
  if (error instanceof ZodError) {
    return Response.json(
      { error: { code: 'validation_failed', message: t('ApiErrors.validation_failed'), fields: localizeIssues(error, t, locale, requestFormats(locale, OFFICE_TIME_ZONE).hijriAnswer) } },
      { status: 422 },
    );
  }
  if (!(error instanceof ApiError) && isDatabaseUnavailable(error)) {
    logger.warn('database unavailable', { request_id: requestId ?? requestIdOf(request), method: request.method, route: routeOf(request), code: databaseErrorCode(error) });
    error = new ApiError('service_unavailable', { headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } });
  }
  if (error instanceof ApiError) {
    const headers = new Headers(error.options.headers);
    // Every 401 forgets the session cookie, so the proxy stops treating the visitor as signed in;
    // not for another site's request, which must not sign anyone out.
    if (error.status === 401 && !isCrossSite(request)) headers.append('Set-Cookie', error.options.clearsCookie ?? clearedSessionCookie());
    const body: { code: string; message: string; fields?: Record<string, string[]> } = {
      code: error.code,
      message: t(`ApiErrors.${error.options.messageKey ?? error.code}`, error.options.values),
    };
    if (error.options.fields) body.fields = error.options.fields;
    return Response.json({ ...error.options.extra, error: body }, { status: error.status, headers });
  }
  logger.error('unhandled error in route handler', {
    request_id: requestId ?? requestIdOf(request),
    method: request.method,
    route: routeOf(request),
    error: describeError(error),
  });
  return Response.json({ error: { code: 'server_error', message: t('ApiErrors.server_error') } }, { status: 500 });
}

// Long enough for a PostgreSQL restart or fail-over; clients (and the autosave) try again after it.
const RETRY_AFTER_SECONDS = 5;

/** The driver's error code for the log (never the message: it may name hosts and users). */
function databaseErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string') return code;
  }
  return undefined;
}
