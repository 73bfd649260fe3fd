import 'server-only';
import { SESSION_MAX_AGE_SECONDS } from '@/lib/server/auth/tokens';
import { secureCookies } from '@/lib/security/secure-cookies';

export const SESSION_COOKIE = 'session';

/** The HttpOnly cookie that lets the proxy, streams and downloads know the visitor. */
export function sessionCookie(token: string): string {
  const secure = secureCookies() ? '; Secure' : '';
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${SESSION_MAX_AGE_SECONDS}${secure}`;
}

export function clearedSessionCookie(): string {
  const secure = secureCookies() ? '; Secure' : '';
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}

export function readSessionCookie(request: Request): string | null {
  const header = request.headers.get('cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SESSION_COOKIE) return rest.join('=') || null;
  }
  return null;
}
