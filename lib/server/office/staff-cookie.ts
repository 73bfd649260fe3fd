import 'server-only';
import { secureCookies } from '@/lib/security/secure-cookies';
import { STAFF_SESSION_LIFETIME_SECONDS } from './staff-sessions';

// The console's own cookie, never the pilgrims' `session`: SameSite=Strict (a
// link from another site arrives without it), HttpOnly, Secure over https and in production,
// and gone after the session's 12 hours at most.
export const STAFF_COOKIE = 'office_session';

const secure = () => (secureCookies() ? '; Secure' : '');

export function staffSessionCookie(token: string): string {
  return `${STAFF_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${STAFF_SESSION_LIFETIME_SECONDS}${secure()}`;
}

export function clearedStaffSessionCookie(): string {
  return `${STAFF_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${secure()}`;
}

/** The staff token from a Cookie header (a request's, or next/headers' cookies on a page). */
export function readStaffCookie(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === STAFF_COOKIE) return rest.join('=') || null;
  }
  return null;
}
