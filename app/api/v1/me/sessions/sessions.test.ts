import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, queryRows } from '@/lib/server/db/client';
import { signInWithGoogle } from '@/lib/server/accounts/google-sign-in';
import { sessionIsLive } from '@/lib/server/auth/sessions';
import { clearSessionCache } from '@/lib/server/auth/session-cache';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import * as loginRoute from '../../auth/login/route';
import * as meRoute from '../route';
import * as revokeOthersRoute from './revoke-others/route';

withTestDatabase();

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

async function signIn(email: string) {
  return (await call(loginRoute.POST, { body: { email, password: 'Labbaik#2026' } })).json!.token as string;
}

describe('session lifetime', () => {
  it('ends a session 90 days after sign-in, however recently it was used', async () => {
    const { token } = await newUser();
    const db = await getDb();
    await db.execute(sql`update sessions set created_at = now() - interval '89 days', last_used_at = now() where token_hash = ${hashOf(token)}`);
    expect((await call(meRoute.GET, { token })).status).toBe(200);
    await db.execute(sql`update sessions set created_at = now() - interval '91 days', last_used_at = now() where token_hash = ${hashOf(token)}`);
    // Aged behind the app's back: an instance would forget its cached copy within SESSION_CACHE_SECONDS.
    clearSessionCache();
    expect((await call(meRoute.GET, { token })).status).toBe(401);
  });

  it('a live stream notices the end too', async () => {
    const { token } = await newUser();
    const [row] = await queryRows<{ id: string }>(sql`select id from sessions where token_hash = ${hashOf(token)}`);
    expect(await sessionIsLive(row!.id)).toBe(true);
    const db = await getDb();
    await db.execute(sql`update sessions set created_at = now() - interval '91 days', last_used_at = now() where id = ${row!.id}`);
    expect(await sessionIsLive(row!.id)).toBe(false);
  });
});

describe('POST /me/sessions/revoke-others', () => {
  it('ends every other session of the account and keeps this one', async () => {
    const { token, user } = await newUser();
    const others = [await signIn(user.email), await signIn(user.email)];
    const stranger = await newUser();
    const { status } = await call(revokeOthersRoute.POST, { method: 'POST', token });
    expect(status).toBe(204);
    expect((await call(meRoute.GET, { token })).status).toBe(200);
    for (const other of others) expect((await call(meRoute.GET, { token: other })).status).toBe(401);
    expect((await call(meRoute.GET, { token: stranger.token })).status).toBe(200);
  });

  it('works for an account made with Google, which has no password', async () => {
    const email = `google.${Date.now()}@example.com`;
    const identity = { uid: `uid-${Date.now()}`, email, emailVerified: true, name: 'Fatimah Al-Zahrani', signInProvider: 'google.com' };
    const first = await signInWithGoogle(identity, 'en');
    const second = await signInWithGoogle(identity, 'en');
    expect((await call(revokeOthersRoute.POST, { method: 'POST', token: second.token })).status).toBe(204);
    expect((await call(meRoute.GET, { token: second.token })).status).toBe(200);
    expect((await call(meRoute.GET, { token: first.token })).status).toBe(401);
  });

  it('with the cookie alone, only from the site\'s own pages: another site (or a caller that proves nothing) changes nothing', async () => {
    const { token, user } = await newUser();
    const other = await signIn(user.email);
    const elsewhere: Record<string, string>[] = [{}, { 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }];
    for (const headers of elsewhere) {
      expect((await call(revokeOthersRoute.POST, { method: 'POST', cookie: `session=${token}`, headers })).status).toBe(403);
    }
    expect((await call(meRoute.GET, { token: other })).status).toBe(200);
    expect((await call(revokeOthersRoute.POST, { method: 'POST', cookie: `session=${token}`, headers: { 'sec-fetch-site': 'same-origin' } })).status).toBe(204);
    expect((await call(meRoute.GET, { token: other })).status).toBe(401);
  });
});
