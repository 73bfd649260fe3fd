import 'server-only';
import { isProvenSameOrigin } from '@/lib/server/http/cross-site';
import { ApiError } from '@/lib/server/http/errors';
import { readSessionCookie } from '@/lib/server/http/session-cookie';
import { storedUserAgent } from '@/lib/server/devices/user-agent';
import { findSession } from './sessions';
import type { Session } from './session-types';

/**
 * The caller's session, from `Authorization: Bearer <token>`, or from the
 * HttpOnly `session` cookie. The cookie alone changes something (any method
 * but GET and HEAD) only for a request that proves it comes from the site's
 * own pages (isProvenSameOrigin): another site's form or script cannot
 * borrow it (no CSRF), while a browser whose stored token was wiped (Safari
 * clears a site's storage after 7 days without a visit) keeps working on its
 * cookie alone. Otherwise 403 `cross_site`. No valid session → 401.
 */
export async function authenticate(request: Request): Promise<Session> {
  const header = request.headers.get('authorization');
  let token: string | null = null;
  if (header?.toLowerCase().startsWith('bearer ')) token = header.slice(7).trim();
  else {
    token = readSessionCookie(request);
    const reading = request.method === 'GET' || request.method === 'HEAD';
    if (token && !reading && !isProvenSameOrigin(request)) throw new ApiError('forbidden', { messageKey: 'cross_site' });
  }
  if (!token || token.length > 200) throw new ApiError('unauthenticated');
  const session = await findSession(token, storedUserAgent(request));
  if (!session) throw new ApiError('unauthenticated');
  return session;
}
