import { afterEach, describe, expect, it } from 'vitest';
import { clearedSessionCookie, sessionCookie } from '@/lib/server/http/session-cookie';
import { clearedStaffSessionCookie, staffSessionCookie } from '@/lib/server/office/staff-cookie';
import { pageCookieSecurity, secureCookies } from './secure-cookies';

// Issue 58, item 10: every cookie the app sets carries Secure when APP_URL is https (the
// proxy's own, NEXT_LOCALE and the session hint, are tested in proxy.test.ts). Before, the
// session cookies had it in production builds only, whatever the address.

const env = process.env as Record<string, string | undefined>;
const nodeEnv = env.NODE_ENV;
afterEach(() => {
  delete env.APP_URL;
  env.NODE_ENV = nodeEnv;
});

const attributes = (cookie: string) => cookie.split(/;\s*/).slice(1).map((part) => part.toLowerCase());

describe('Secure cookies', () => {
  it('the pilgrims’ and the console’s session cookies, set and cleared, carry Secure when APP_URL is https', () => {
    env.APP_URL = 'https://portal.example';
    for (const cookie of [sessionCookie('t'), clearedSessionCookie(), staffSessionCookie('t'), clearedStaffSessionCookie()]) {
      expect(attributes(cookie), cookie).toContain('secure');
      expect(attributes(cookie), cookie).toContain('httponly');
    }
  });

  it('and in every production build, as before; not on plain http outside production (next dev, the tests)', () => {
    expect(secureCookies({ NODE_ENV: 'production' })).toBe(true);
    expect(secureCookies({ NODE_ENV: 'production', APP_URL: 'http://localhost:3000' })).toBe(true);
    expect(secureCookies({ NODE_ENV: 'development', APP_URL: 'HTTPS://Portal.example' })).toBe(true);
    expect(secureCookies({ NODE_ENV: 'development', APP_URL: 'http://localhost:3000' })).toBe(false);
    expect(secureCookies({ NODE_ENV: 'test' })).toBe(false);
    env.APP_URL = 'http://localhost:3000';
    expect(attributes(sessionCookie('t'))).not.toContain('secure');
  });

  it('a cookie a page writes itself (the language switch, the session hint cleared) carries Secure on an https page', () => {
    expect(pageCookieSecurity('https:')).toBe(';Secure');
    expect(pageCookieSecurity('http:')).toBe('');
  });
});
