import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/lib/server/db/client';
import { signInWithGoogle } from '@/lib/server/accounts/google-sign-in';
import { withTestDatabase } from '@/test/database';
import { call, someAddress } from '@/test/api';
import { newUser } from '@/test/accounts';
import { captureLogs } from '@/test/logs';
import { linkIn, queuedMail, sendQueuedMail } from '@/test/mail';
import * as forgotRoute from './forgot-password/route';
import * as resetRoute from './reset-password/route';
import * as loginRoute from './login/route';
import * as meRoute from '../me/route';

withTestDatabase();
const logs = captureLogs();

const NEW_PASSWORD = 'Zamzam#2027';

async function forgot(email: string, address = someAddress()) {
  return call(forgotRoute.POST, { body: { email }, address, locale: 'en' });
}

async function resetTokenOf(userId: string) {
  const row = await queuedMail(userId, 'reset_password');
  expect(row).toBeDefined();
  return row!.params.token!;
}

describe('POST /auth/forgot-password', () => {
  it('answers the same whether or not the address has an account, and e-mails only the account', async () => {
    const { user } = await newUser();
    const known = await forgot(user.email.toUpperCase());
    const unknown = await forgot(`nobody.${Date.now()}@example.com`);
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.json).toEqual(known.json);
    const rows = await queryRows<{ to_address: string | null; minutes: number }>(sql`
      select o.to_address, round(extract(epoch from (t.expires_at - t.created_at)) / 60)::int as minutes
      from mail_outbox o join email_tokens t on t.user_id = o.user_id and t.purpose = 'reset_password'
      where o.kind = 'reset_password'`);
    // One message, to the account's own address (not the one typed), valid 30 minutes.
    expect(rows).toEqual([{ to_address: null, minutes: 30 }]);
    const sent = (await sendQueuedMail()).filter((message) => message.purpose === 'reset_password');
    expect(sent.map((message) => message.to)).toEqual([user.email]);
  });

  it('allows 3 requests an hour per address typed, then 429, for existing and unknown addresses alike', async () => {
    const { user } = await newUser();
    const unknownEmail = `nobody.${Date.now()}@example.com`;
    for (const email of [user.email, unknownEmail]) {
      for (let i = 0; i < 3; i += 1) expect((await forgot(email)).status).toBe(202);
      const limited = await forgot(email);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('allows 10 requests an hour from one client address, whatever addresses are typed', async () => {
    const address = someAddress();
    for (let i = 0; i < 10; i += 1) expect((await forgot(`someone.${i}.${Date.now()}@example.com`, address)).status).toBe(202);
    expect((await forgot(`someone.else.${Date.now()}@example.com`, address)).status).toBe(429);
  });

  it('refuses a malformed address with 422', async () => {
    const refused = await forgot('not-an-address');
    expect(refused.status).toBe(422);
    expect(refused.json!.error.fields.email).toBeDefined();
  });
});

describe('POST /auth/reset-password', () => {
  it('sets the password, ends every session, signs in here, confirms the address and tells the owner', async () => {
    const { user, token: firstSession } = await newUser('Aisha Rahman', { verified: false });
    const second = await call(loginRoute.POST, { body: { email: user.email, password: 'Labbaik#2026' } });
    await forgot(user.email);
    const [mail] = (await sendQueuedMail()).filter((message) => message.purpose === 'reset_password' && message.to === user.email);
    const url = linkIn(mail!.text, '/auth/reset-password');
    const token = url.searchParams.get('token')!;
    // The log line names the file and purpose, never the link.
    expect(logs.lines.join('\n')).not.toContain(token);

    const reset = await call(resetRoute.POST, { body: { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD } });
    expect(reset.status).toBe(200);
    expect(reset.json!.data).toMatchObject({ id: user.id, email_verified: true });
    expect(reset.headers.get('set-cookie')).toContain(`session=${reset.json!.token}`);
    expect((await call(meRoute.GET, { token: reset.json!.token })).status).toBe(200);
    expect((await call(meRoute.GET, { token: firstSession })).status).toBe(401);
    expect((await call(meRoute.GET, { token: second.json!.token })).status).toBe(401);
    expect((await call(loginRoute.POST, { body: { email: user.email, password: 'Labbaik#2026' } })).status).toBe(422);
    expect((await call(loginRoute.POST, { body: { email: user.email, password: NEW_PASSWORD } })).status).toBe(200);
    expect(await queuedMail(user.id, 'password_changed')).toBeDefined();
  });

  it('works once: the same link again is refused, and so are the account\'s other reset links', async () => {
    const { user } = await newUser();
    await forgot(user.email);
    const older = await resetTokenOf(user.id);
    await forgot(user.email);
    const newer = await resetTokenOf(user.id);
    const body = (token: string) => ({ token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect((await call(resetRoute.POST, { body: body(newer) })).status).toBe(200);
    const reused = await call(resetRoute.POST, { body: body(newer), locale: 'en' });
    expect(reused.status).toBe(422);
    expect(reused.json!.error.message).toContain('This password reset link is not valid any more');
    expect((await call(resetRoute.POST, { body: body(older) })).status).toBe(422);
  });

  it('refuses a link after 30 minutes', async () => {
    const { user } = await newUser();
    await forgot(user.email);
    const token = await resetTokenOf(user.id);
    await queryRows(sql`update email_tokens set expires_at = now() - interval '1 second' where user_id = ${user.id} and purpose = 'reset_password'`);
    expect((await call(resetRoute.POST, { body: { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD } })).status).toBe(422);
  });

  it('holds a new password to the registration rules and the confirmation, without using the link', async () => {
    const { user } = await newUser();
    await forgot(user.email);
    const token = await resetTokenOf(user.id);
    const weak = await call(resetRoute.POST, { body: { token, password: 'short', password_confirmation: 'short' }, locale: 'en' });
    expect(weak.status).toBe(422);
    expect(weak.json!.error.fields.password).toBeDefined();
    const mismatch = await call(resetRoute.POST, { body: { token, password: NEW_PASSWORD, password_confirmation: 'Zamzam#2028' } });
    expect(mismatch.status).toBe(422);
    expect((await call(resetRoute.POST, { body: { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD } })).status).toBe(200);
  });

  it('lets an account made with Google set a password', async () => {
    const email = `google.${Date.now()}@example.com`;
    await signInWithGoogle({ uid: `uid-${Date.now()}`, email, emailVerified: true, name: 'Fatimah', signInProvider: 'google.com' }, 'en');
    await forgot(email);
    const [row] = await queryRows<{ id: string }>(sql`select id from users where email = ${email}`);
    const token = await resetTokenOf(row!.id);
    expect((await call(resetRoute.POST, { body: { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD } })).status).toBe(200);
    expect((await call(loginRoute.POST, { body: { email, password: NEW_PASSWORD } })).status).toBe(200);
    // It has a password now, so unlinking Google (which needs one) becomes possible.
    const [after] = await queryRows<{ has_password: boolean }>(sql`select has_password from users where id = ${row!.id}`);
    expect(after!.has_password).toBe(true);
  });

  it('refuses another site\'s browser request (it would set the session cookie)', async () => {
    const refused = await call(resetRoute.POST, {
      body: { token: 'x'.repeat(43), password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(refused.status).toBe(403);
  });
});
