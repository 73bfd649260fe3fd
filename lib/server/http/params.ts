import 'server-only';
import { isRequestId } from '@/lib/requests/request-id';
import { ApiError } from './errors';

/** The `{id}` of an address: a malformed one names nothing, so 404. */
export async function idParam(params: Promise<Record<string, string | string[]>>, name = 'id'): Promise<string> {
  const value = (await params)[name];
  if (!isRequestId(value)) throw new ApiError('not_found');
  return value;
}
