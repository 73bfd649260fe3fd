import 'server-only';

export type ErrorCode =
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'email_unverified'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'sold_out'
  | 'queue_required'
  | 'payload_too_large'
  | 'header_too_large'
  | 'unsupported_media_type'
  | 'validation_failed'
  | 'invalid_credentials'
  | 'invalid_id_token'
  | 'too_many_requests'
  | 'server_error'
  | 'service_unavailable';

export const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  email_unverified: 403,
  not_found: 404,
  // A method no route takes (TRACE, PROPFIND, CONNECT…), answered before any route (unknown-method.ts).
  method_not_allowed: 405,
  conflict: 409,
  // Too few places left in the package for the request's pilgrims (docs/PLACES.md).
  sold_out: 409,
  // A draft sent while its service's opening admits through its queue, without a turn (docs/OPENING.md).
  queue_required: 409,
  payload_too_large: 413,
  header_too_large: 431,
  unsupported_media_type: 415,
  validation_failed: 422,
  invalid_credentials: 422,
  invalid_id_token: 422,
  too_many_requests: 429,
  server_error: 500,
  service_unavailable: 503,
};

/**
 * An expected failure with its HTTP status. The message is a key of the
 * `ApiErrors` messages, localized when answered; `fields` are already localized.
 */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly options: {
      fields?: Record<string, string[]>;
      headers?: Record<string, string>;
      values?: Record<string, string | number>;
      /** A more precise message than the code's own (a key of ApiErrors). */
      messageKey?: string;
      /** Beside `error` in the answer, e.g. the newer request with a 409. */
      extra?: Record<string, unknown>;
      /** A 401's Set-Cookie, when not the pilgrims' session cookie (the office console clears its own). */
      clearsCookie?: string;
    } = {},
  ) {
    super(code);
    this.status = STATUS[code];
  }
}
