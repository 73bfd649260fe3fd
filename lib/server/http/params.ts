import 'server-only';
import { isRequestId } from '@/lib/requests/request-id';
import { hasControlCharacters } from '@/lib/validation/control-characters';
import { ApiError } from './errors';

// Readers of an address's `{param}`, declared by a route (`route.user({ params: { id: idParam } }, …)`):
// each answers the value it vouches for, or throws 404 (a parameter that cannot name anything names nothing).

/** A `{param}` as Next.js hands it: a catch-all's is a list. */
export type ParamValue = string | string[] | undefined;

/** An id (`{id}`, `{docId}`): a UUID, else 404. */
export function idParam(value: ParamValue): string {
  if (!isRequestId(value)) throw new ApiError('not_found');
  return value;
}

/** A free-form `{param}` (a reference, a gateway's id): one with a control character names nothing (a NUL cannot even reach PostgreSQL), so 404. */
export function textParam(value: ParamValue): string {
  if (typeof value !== 'string' || value === '' || hasControlCharacters(value)) throw new ApiError('not_found');
  return value;
}

/** A service (`{service}`): hajj or umrah, else 404. */
export function serviceParam(value: ParamValue): 'hajj' | 'umrah' {
  if (value !== 'hajj' && value !== 'umrah') throw new ApiError('not_found');
  return value;
}
