import 'server-only';
import { isRequestId } from '@/lib/requests/request-id';
import { hasControlCharacters } from '@/lib/validation/control-characters';
import { ApiError } from './errors';

/** The `{id}` of an address: a malformed one names nothing, so 404. */
export async function idParam(params: Promise<Record<string, string | string[]>>, name = 'id'): Promise<string> {
  const value = (await params)[name];
  if (!isRequestId(value)) throw new ApiError('not_found');
  return value;
}

/** A free-form `{param}` (a reference, a gateway's id): one with a control character names nothing (a NUL cannot even reach PostgreSQL), so 404. */
export async function textParam(params: Promise<Record<string, string | string[]>>, name: string): Promise<string> {
  const value = (await params)[name];
  if (typeof value !== 'string' || value === '' || hasControlCharacters(value)) throw new ApiError('not_found');
  return value;
}
