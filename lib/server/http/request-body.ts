import 'server-only';
import { ApiError } from './errors';

export type Body = Record<string, unknown>;

/** Largest body the JSON and form parsers accept (uploads have their own limit). */
export const MAX_BODY_BYTES = 64 * 1024;

function formToObject(form: FormData): Body {
  const body: Body = Object.create(null);
  for (const [key, value] of form.entries()) {
    const previous = body[key];
    body[key] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return { ...body };
}

/**
 * Reads a JSON, multipart or url-encoded body into a plain object. A body that
 * cannot be read is a 400; an unknown content type is a 415; too big is a 413.
 */
export async function readBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<Body> {
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > maxBytes) throw new ApiError('payload_too_large');
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();

  if (type === 'multipart/form-data' || type === 'application/x-www-form-urlencoded') {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw new ApiError('bad_request');
    }
    return formToObject(form);
  }

  const text = await request.text();
  if (new TextEncoder().encode(text).length > maxBytes) throw new ApiError('payload_too_large');
  if (text.trim() === '') return {};
  if (type !== '' && type !== 'application/json' && !type.endsWith('+json')) {
    throw new ApiError('unsupported_media_type');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError('bad_request');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ApiError('bad_request');
  return parsed as Body;
}
