import 'server-only';
import { ZodError } from 'zod';
import { translatorFor } from '@/lib/i18n/translator';
import { localizeIssues } from '@/lib/validation/localize';
import { isDatabaseUnavailable } from '@/lib/server/db/unavailable';
import { ApiError } from './errors';
import { requestLocale } from './locale';
import { clearedSessionCookie } from './session-cookie';

type Handler<P> = (request: Request, context: { params: Promise<P> }) => Promise<Response>;

/**
 * Wraps a route handler: expected failures become the error shape of DESIGN
 * section 6 in the reader's language; zod failures become 422 with field
 * messages; a database that cannot be reached becomes a 503 with Retry-After
 * (the pool reconnects by itself); anything else is logged and answered as a
 * 500 that leaks nothing.
 */
export function route<P = Record<string, string | string[]>>(handler: Handler<P>): Handler<P> {
  return async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      return errorResponse(request, error);
    }
  };
}

export function errorResponse(request: Request, error: unknown): Response {
  const t = translatorFor(requestLocale(request));
  if (error instanceof ZodError) {
    return Response.json(
      { error: { code: 'validation_failed', message: t('ApiErrors.validation_failed'), fields: localizeIssues(error, t) } },
      { status: 422 },
    );
  }
  if (!(error instanceof ApiError) && isDatabaseUnavailable(error)) {
    console.warn(JSON.stringify({ level: 'warn', msg: 'database unavailable', url: new URL(request.url).pathname, code: databaseErrorCode(error) }));
    error = new ApiError('service_unavailable', { headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } });
  }
  if (error instanceof ApiError) {
    const headers = new Headers(error.options.headers);
    // Every 401 forgets the session cookie, so the proxy stops treating the visitor as signed in.
    if (error.status === 401) headers.append('Set-Cookie', clearedSessionCookie());
    const body: { code: string; message: string; fields?: Record<string, string[]> } = {
      code: error.code,
      message: t(`ApiErrors.${error.options.messageKey ?? error.code}`, error.options.values),
    };
    if (error.options.fields) body.fields = error.options.fields;
    return Response.json({ ...error.options.extra, error: body }, { status: error.status, headers });
  }
  console.error(JSON.stringify({ level: 'error', msg: 'unhandled error in route handler', url: new URL(request.url).pathname, error: String(error instanceof Error ? error.stack : error) }));
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
