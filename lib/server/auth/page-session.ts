import 'server-only';
import { cookies } from 'next/headers';
import { SESSION_COOKIE } from '@/lib/server/http/session-cookie';
import { findSession } from './sessions';
import type { Session } from './session-types';

/**
 * The visitor's session in a server component, from the HttpOnly `session`
 * cookie (the same one the proxy reads); null when signed out or expired.
 * Reading cookies makes the page render per request.
 */
export async function pageSession(): Promise<Session | null> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token || token.length > 200) return null;
  return findSession(token);
}
