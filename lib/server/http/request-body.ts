import 'server-only';
import { ApiError } from './errors';

export type Body = Record<string, unknown>;

/** Largest body the JSON and form parsers accept (uploads pass their own limit). */
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
 * The body's bytes, at most `maxBytes` of them: a Content-Length above the limit
 * is refused before reading, and a body sent without one (chunked) is counted
 * while it streams in and refused as soon as it passes the limit, so an
 * unbounded body is never buffered. Too big → 413.
 */
export async function readBytes(request: Request, maxBytes = MAX_BODY_BYTES): Promise<Uint8Array<ArrayBuffer>> {
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > maxBytes) throw new ApiError('payload_too_large');
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => {});
        throw new ApiError('payload_too_large');
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError('bad_request');
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The body as UTF-8 text, within the same limit (webhooks verify the exact text). */
export async function readText(request: Request, maxBytes = MAX_BODY_BYTES): Promise<string> {
  return new TextDecoder().decode(await readBytes(request, maxBytes));
}

/**
 * A change (a PATCH whose every field may be left out) that names nothing to
 * change: 422 `nothing_to_change`, before anything is written or audited (an
 * empty PATCH of a member once ended their sessions for nothing).
 */
export function requireSomeChange(change: Record<string, unknown>) {
  if (Object.values(change).every((value) => value === undefined)) throw new ApiError('validation_failed', { messageKey: 'nothing_to_change' });
}

/**
 * Reads a JSON, multipart or url-encoded body into a plain object. A body that
 * cannot be read is a 400; an unknown content type is a 415; too big is a 413.
 */
export async function readBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<Body> {
  const contentType = request.headers.get('content-type') ?? '';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const bytes = await readBytes(request, maxBytes);

  if (type === 'multipart/form-data' || type === 'application/x-www-form-urlencoded') {
    let form: FormData;
    try {
      // The bytes are already within the limit; the platform's parser reads them from memory.
      form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
    } catch {
      throw new ApiError('bad_request');
    }
    return formToObject(form);
  }

  const text = new TextDecoder().decode(bytes);
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
