import 'server-only';
import { ApiError } from '@/lib/server/http/errors';
import { readSessionCookie } from '@/lib/server/http/session-cookie';
import { storedUserAgent } from '@/lib/server/devices/user-agent';
import { findSession, type Session } from './sessions';

/**
 * The caller's session, from `Authorization: Bearer <token>`, or, for GET only
 * (streams and downloads; a cookie alone never changes anything), from the
 * `session` cookie. No valid session → 401.
 */
export async function authenticate(request: Request): Promise<Session> {
  const header = request.headers.get('authorization');
  let token: string | null = null;
  if (header?.toLowerCase().startsWith('bearer ')) token = header.slice(7).trim();
  else if (request.method === 'GET' || request.method === 'HEAD') token = readSessionCookie(request);
  if (!token || token.length > 200) throw new ApiError('unauthenticated');
  const session = await findSession(token, storedUserAgent(request));
  if (!session) throw new ApiError('unauthenticated');
  return session;
}
