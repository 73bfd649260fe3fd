import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/lib/server/db/client';
import { signInWithGoogle } from '@/lib/server/accounts/google-sign-in';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { linkIn, queuedMail, sendQueuedMail } from '@/test/mail';
import { readyDraft, submittedRequest } from '@/test/requests';
import * as verifyRoute from './verify-email/route';
import * as resendRoute from './verify-email/resend/route';
import * as loginRoute from './login/route';
import * as meRoute from '../me/route';
import * as changeEmailRoute from '../me/email/route';
import * as submitRoute from '../requests/[id]/submit/route';
import * as paymentsRoute from '../requests/[id]/payments/route';

withTestDatabase();

/** The token and code of the newest verification e-mail of a user, as its reader would see them. */
async function verificationOf(userId: string, kind = 'verify_email') {
  const row = await queuedMail(userId, kind);
  expect(row).toBeDefined();
  return { token: row!.params.token!, code: row!.params.code!, to: row!.toAddress };
}

describe('registration sends a verification e-mail', () => {
  it('queues a link and a 6-digit code to the new address, in the same transaction as the account; only hashes are stored', async () => {
    const { user, token } = await newUser('Aisha Rahman', { verified: false });
    expect((await call(meRoute.GET, { token })).json!.data.email_verified).toBe(false);
    const { token: link, code, to } = await verificationOf(user.id);
    expect(to).toBe(user.email);
    expect(link).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await queryRows<{ token_hash: string; code_hash: string; hours: number }>(
      sql`select token_hash, code_hash, round(extract(epoch from (expires_at - created_at)) / 3600)::int as hours from email_tokens where user_id = ${user.id}`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(link);
    expect(stored[0]!.code_hash).not.toContain(code);
    expect(stored[0]!.hours).toBe(24);
  });

  it('the e-mail, in the account language, links to the verify page and shows the code', async () => {
    const { user } = await newUser('Aisha Rahman', { verified: false });
    const sent = (await sendQueuedMail()).filter((message) => message.to === user.email);
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    // Registered without Accept-Language: Arabic, the site's default.
    expect(mail!.subject).toBe('أكِّد بريدك الإلكتروني');
    expect(mail!.html).toContain('dir="rtl"');
    const url = linkIn(mail!.text, '/ar/verify-email');
    expect(url.origin).toBe('http://localhost:3000');
    // Sent: the row, and the token it held, left the outbox.
    expect(await queuedMail(user.id, 'verify_email')).toBeUndefined();
    // The code in the reader's digits (Arabic-Indic in Arabic), as the rest of the e-mail.
    expect(mail!.text).toMatch(/(^|\s)[\u0660-\u0669]{6}(\s|$)/m);
    const verified = await call(verifyRoute.POST, { body: { token: url.searchParams.get('token') } });
    expect(verified.status).toBe(200);
    expect(verified.json!.data.email_verified).toBe(true);
  });
});

describe('POST /auth/verify-email', () => {
  it('confirms the address with the link, once: a second use is refused', async () => {
    const { user, token } = await newUser('Aisha Rahman', { verified: false });
    const { token: link } = await verificationOf(user.id);
    const first = await call(verifyRoute.POST, { body: { token: link }, locale: 'en' });
    expect(first.status).toBe(200);
    expect(first.json!.data).toMatchObject({ id: user.id, email_verified: true });
    expect((await call(meRoute.GET, { token })).json!.data.email_verified).toBe(true);
    const again = await call(verifyRoute.POST, { body: { token: link }, locale: 'en' });
    expect(again.status).toBe(422);
    expect(again.json!.error.message).toBe('This link or code is not valid any more: it was used, or it expired. Ask for a new e-mail.');
  });

  it('refuses an expired link (24 hours) and an unknown one', async () => {
    const { user } = await newUser('Aisha Rahman', { verified: false });
    const { token: link } = await verificationOf(user.id);
    await queryRows(sql`update email_tokens set expires_at = now() - interval '1 second' where user_id = ${user.id}`);
    expect((await call(verifyRoute.POST, { body: { token: link } })).status).toBe(422);
    expect((await call(verifyRoute.POST, { body: { token: 'x'.repeat(43) } })).status).toBe(422);
    expect((await call(verifyRoute.POST, { body: {} })).status).toBe(422);
  });

  it('takes the code from the signed-in account only', async () => {
    const { user, token } = await newUser('Aisha Rahman', { verified: false });
    const other = await newUser('Maryam Saleh', { verified: false });
    const { code } = await verificationOf(user.id);
    expect((await call(verifyRoute.POST, { body: { code } })).status).toBe(401);
    expect((await call(verifyRoute.POST, { body: { code }, token: other.token })).status).toBe(422);
    expect((await call(verifyRoute.POST, { body: { code: '12ab' }, token })).status).toBe(422);
    const ok = await call(verifyRoute.POST, { body: { code }, token });
    expect(ok.status).toBe(200);
    expect(ok.json!.data.email_verified).toBe(true);
  });

  it('takes the code in Arabic-Indic digits, as the Arabic e-mail writes it', async () => {
    const { user, token } = await newUser('Aisha Rahman', { verified: false });
    const { code } = await verificationOf(user.id);
    const arabic = code.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
    const ok = await call(verifyRoute.POST, { body: { code: arabic }, token });
    expect(ok.status).toBe(200);
    expect(ok.json!.data.email_verified).toBe(true);
  });

  // Issue 63, item 9: a code mistyped was told "used or expired", and its reader asked for a new e-mail they did not need.
  it('a mistyped code is "not right", in both languages; the field says so too', async () => {
    const { user, token } = await newUser('Aisha Rahman', { verified: false });
    const { code } = await verificationOf(user.id);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const en = await call(verifyRoute.POST, { body: { code: wrong }, token, locale: 'en' });
    expect(en.status).toBe(422);
    expect(en.json!.error.message).toBe('This code is not right. Check the 6 digits in the latest e-mail we sent you, and type them again.');
    expect(en.json!.error.fields).toEqual({ code: ['This code is not right. Check the 6 digits in the latest e-mail we sent you, and type them again.'] });
    const ar = await call(verifyRoute.POST, { body: { code: wrong }, token });
    expect(ar.json!.error.message).toBe('هذا الرمز غير صحيح. تحقّق من الأرقام الستة في آخر رسالة أرسلناها إليك، واكتبها مرة أخرى.');
    // The right one still works.
    expect((await call(verifyRoute.POST, { body: { code }, token })).status).toBe(200);
  });

  it('allows 5 wrong codes per account in 15 minutes, then 429 even for the right one', async () => {
    const { user, token } = await newUser('Aisha Rahman', { verified: false });
    const { code } = await verificationOf(user.id);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i += 1) expect((await call(verifyRoute.POST, { body: { code: wrong }, token })).status).toBe(422);
    const limited = await call(verifyRoute.POST, { body: { code }, token, locale: 'en' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('e-mail codes cannot be walked through (one live code, 30 minutes, 5 tries)', () => {
  const wrongFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  /** Another 15 minutes: the per-account window of 5 wrong codes starts again (the code itself keeps its count). */
  const nextWindow = (userId: string) => queryRows(sql`delete from rate_limits where key = ${`verify-code:account:${userId}`}`);

  it('a resend retires the earlier code: only the newest code works, while the earlier link still does', async () => {
    const { user, token } = await newUser('Aisha Rahman', { verified: false });
    const first = await verificationOf(user.id);
    expect((await call(resendRoute.POST, { method: 'POST', token })).status).toBe(204);
    const second = await verificationOf(user.id);
    expect(second.code).not.toBe(first.code);
    const old = await call(verifyRoute.POST, { body: { code: first.code }, token, locale: 'en' });
    expect(old.status).toBe(422);
    // A resend forgets the earlier code (only its link is kept): it reads as a code not sent, and the message leads to the latest e-mail.
    expect(old.json!.error.message).toBe('This code is not right. Check the 6 digits in the latest e-mail we sent you, and type them again.');
    // Only one code of the account is live: stored as such.
    const live = await queryRows<{ n: number }>(sql`select count(*)::int as n from email_tokens where user_id = ${user.id} and code_hash is not null and used_at is null`);
    expect(live[0]!.n).toBe(1);
    // The earlier link (256 random bits, nothing to guess) keeps its 24 hours.
    expect((await call(verifyRoute.POST, { body: { token: first.token } })).status).toBe(200);
  });

  it('a code lives 30 minutes, its link 24 hours; the e-mail says so', async () => {
    const later = (userId: string, minutes: number) =>
      queryRows(sql`update email_tokens set created_at = created_at - make_interval(mins => ${minutes}), expires_at = expires_at - make_interval(mins => ${minutes}) where user_id = ${userId}`);
    const { user, token } = await newUser('Aisha Rahman', { verified: false });
    const { code, token: link } = await verificationOf(user.id);
    await later(user.id, 31);
    expect((await call(verifyRoute.POST, { body: { code }, token })).status).toBe(422);
    expect((await call(verifyRoute.POST, { body: { token: link } })).status).toBe(200);

    const other = await newUser('Maryam Saleh', { verified: false });
    await later(other.user.id, 29);
    expect((await call(verifyRoute.POST, { body: { code: (await verificationOf(other.user.id)).code }, token: other.token })).status).toBe(200);

    const reader = await newUser('Huda Karim', { verified: false });
    await call(meRoute.PATCH, { method: 'PATCH', token: reader.token, body: { locale: 'en' } });
    const [english] = (await sendQueuedMail()).filter((message) => message.to === reader.user.email);
    expect(english!.text).toContain('The link works once, for 24 hours; the code once, for 30 minutes.');
    const arabicReader = await newUser('Huda Karim', { verified: false });
    const [arabic] = (await sendQueuedMail()).filter((message) => message.to === arabicReader.user.email);
    expect(arabic!.text).toContain('يصلح الرابط مرة واحدة لمدة ٢٤ ساعة، والرمز مرة واحدة لمدة ٣٠ دقيقة.');
  });

  it('retires a code after 5 wrong tries, even for the right one in a later window; a new code works', async () => {
    const { user, token } = await newUser('Aisha Rahman', { verified: false });
    const { code } = await verificationOf(user.id);
    for (let i = 0; i < 5; i += 1) expect((await call(verifyRoute.POST, { body: { code: wrongFor(code) }, token })).status).toBe(422);
    await nextWindow(user.id);
    const retired = await call(verifyRoute.POST, { body: { code }, token, locale: 'en' });
    expect(retired.status).toBe(422);
    expect(retired.json!.error.fields.code).toEqual(['This link or code is not valid any more: it was used, or it expired. Ask for a new e-mail.']);
    // Four wrong tries leave the fifth to the right code.
    expect((await call(resendRoute.POST, { method: 'POST', token })).status).toBe(204);
    const fresh = await verificationOf(user.id);
    await nextWindow(user.id);
    for (let i = 0; i < 4; i += 1) expect((await call(verifyRoute.POST, { body: { code: wrongFor(fresh.code) }, token })).status).toBe(422);
    const ok = await call(verifyRoute.POST, { body: { code: fresh.code }, token });
    expect(ok.status).toBe(200);
    expect(ok.json!.data.email_verified).toBe(true);
  });

  it('counts a code of a change of address the same way', async () => {
    const { user, token } = await newUser();
    const newAddress = `new.${Date.now()}@example.com`;
    expect((await call(changeEmailRoute.POST, { token, body: { email: newAddress, current_password: 'Labbaik#2026' } })).status).toBe(202);
    const { code } = await verificationOf(user.id, 'change_email');
    for (let i = 0; i < 5; i += 1) expect((await call(verifyRoute.POST, { body: { code: wrongFor(code) }, token })).status).toBe(422);
    await nextWindow(user.id);
    expect((await call(verifyRoute.POST, { body: { code }, token })).status).toBe(422);
    expect((await call(meRoute.GET, { token })).json!.data.email).toBe(user.email);
  });
});

describe('POST /auth/verify-email/resend', () => {
  it('sends a new link (both links work until one is used), 3 an hour, then 429', async () => {
    const { user, token } = await newUser('Aisha Rahman', { verified: false });
    const first = await verificationOf(user.id);
    // Registration's e-mail does not count: three resends.
    for (let i = 0; i < 3; i += 1) expect((await call(resendRoute.POST, { method: 'POST', token })).status).toBe(204);
    const limited = await call(resendRoute.POST, { method: 'POST', token });
    expect(limited.status).toBe(429);
    const latest = await verificationOf(user.id);
    expect(latest.token).not.toBe(first.token);
    expect((await call(verifyRoute.POST, { body: { token: first.token } })).status).toBe(200);
    // One worked: the others stop working.
    expect((await call(verifyRoute.POST, { body: { token: latest.token } })).status).toBe(422);
  });

  it('answers 409 once the address is confirmed, and 401 without a session', async () => {
    const { token } = await newUser();
    expect((await call(resendRoute.POST, { method: 'POST', token })).status).toBe(409);
    expect((await call(resendRoute.POST, { method: 'POST' })).status).toBe(401);
  });
});

describe('submitting and paying need a confirmed address', () => {
  it('refuses both with 403 email_unverified, then allows them once confirmed', async () => {
    const { user, token } = await newUser('Aisha Rahman', { verified: false });
    const id = await readyDraft(token);
    const refused = await call(submitRoute.POST, { token, params: { id }, body: {}, locale: 'en' });
    expect(refused.status).toBe(403);
    expect(refused.json!.error.code).toBe('email_unverified');
    expect(refused.json!.error.message).toContain('Confirm your e-mail address first');
    const paying = await call(paymentsRoute.POST, { token, params: { id }, body: {} });
    expect(paying.status).toBe(403);
    expect(paying.json!.error.code).toBe('email_unverified');
    await call(verifyRoute.POST, { body: { token: (await verificationOf(user.id)).token } });
    expect((await call(submitRoute.POST, { token, params: { id }, body: {} })).status).toBe(200);
    expect((await call(paymentsRoute.POST, { token, params: { id }, body: {} })).status).toBe(201);
  });

  it('a verified account (the test helper) submits as before', async () => {
    const { token } = await newUser();
    expect((await submittedRequest(token)).reference).toMatch(/^HJ-/);
  });

  it('accounts made by Google sign-in with an address Google verified start verified', async () => {
    const identity = { uid: `uid-${Date.now()}`, email: `google.${Date.now()}@example.com`, emailVerified: true, name: 'Fatimah', signInProvider: 'google.com' };
    const { user, created } = await signInWithGoogle(identity, 'en');
    expect(created).toBe(true);
    expect(user.email_verified).toBe(true);
  });
});

describe('POST /me/email (change of address)', () => {
  it('needs the current password, sends the link to the new address, changes nothing until it is used', async () => {
    const { user, token } = await newUser();
    const newAddress = `new.${Date.now()}@example.com`;
    expect((await call(changeEmailRoute.POST, { token, body: { email: newAddress, current_password: 'wrong' } })).status).toBe(422);
    expect((await call(changeEmailRoute.POST, { token, body: { email: user.email, current_password: 'Labbaik#2026' } })).status).toBe(422);
    const asked = await call(changeEmailRoute.POST, { token, body: { email: newAddress, current_password: 'Labbaik#2026' } });
    expect(asked.status).toBe(202);
    expect(asked.json!.data).toEqual({ pending_email: newAddress });
    expect((await call(meRoute.GET, { token })).json!.data).toMatchObject({ email: user.email, email_verified: true });
    const link = await verificationOf(user.id, 'change_email');
    expect(link.to).toBe(newAddress);

    const done = await call(verifyRoute.POST, { body: { token: link.token } });
    expect(done.status).toBe(200);
    expect(done.json!.data).toMatchObject({ email: newAddress, email_verified: true });
    // The old address is told, without the whole new one.
    const notice = await queuedMail(user.id, 'email_changed');
    expect(notice!.toAddress).toBe(user.email);
    expect(notice!.params.email).toMatch(/^n•••@example\.com$/);
    expect((await call(loginRoute.POST, { body: { email: newAddress, password: 'Labbaik#2026' } })).status).toBe(200);
  });

  it('refuses the link when another account took the address meanwhile', async () => {
    const { user, token } = await newUser();
    const other = await newUser('Maryam Saleh');
    await call(changeEmailRoute.POST, { token, body: { email: other.user.email.toUpperCase(), current_password: 'Labbaik#2026' } });
    const link = await verificationOf(user.id, 'change_email');
    const refused = await call(verifyRoute.POST, { body: { token: link.token }, locale: 'en' });
    expect(refused.status).toBe(422);
    expect(refused.json!.error.fields.email).toEqual(['An account with this e-mail address already exists. Sign in instead.']);
  });
});
