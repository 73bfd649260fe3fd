import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { sendQueuedMail } from '@/test/mail';
import { consoleCall, invitedStaff, signedInStaff, STAFF_PASSWORD, staffCookieFrom, TEST_OPS_KEY, totpCode, useOpsKey } from '@/test/staff';
import { queryRows } from '@/lib/server/db/client';
import * as addStaffRoute from '../ops/staff/route';
import * as setPasswordRoute from './auth/set-password/route';
import * as loginRoute from './auth/login/route';
import * as codeRoute from './auth/code/route';
import * as logoutRoute from './auth/logout/route';
import * as officeMeRoute from './me/route';
import * as pilgrimMeRoute from '../me/route';

withTestDatabase();
beforeEach(() => useOpsKey());
afterEach(() => useOpsKey(undefined));

type AuditRow = { actor_kind: string; staff_id: string | null; actor_email: string | null; action: string; target_type: string | null; target_id: string | null; details: Record<string, unknown>; address: string | null };
const auditOf = (staffId: string) => queryRows<AuditRow>(sql`select * from audit_log where staff_id = ${staffId} or target_id = ${staffId} order by id`);

async function passwordStep(email: string, password = STAFF_PASSWORD) {
  return consoleCall(loginRoute.POST, { body: { email, password }, locale: 'en' });
}

describe('a staff member is added by the ops key and sets a password through a one-time link', () => {
  it('answers a link built from APP_URL, refuses the same address twice, and records "ops key" in the audit log', async () => {
    process.env.APP_URL = 'https://hajj-office.example';
    try {
      const invited = await invitedStaff('admin', 'Amina Saleh');
      expect(invited.url.origin).toBe('https://hajj-office.example');
      expect(invited.url.pathname).toBe('/en/office/set-password');
      expect(invited.token).toMatch(/^[\w-]{43}$/);
      const again = await call(addStaffRoute.POST, { body: { email: invited.email.toUpperCase(), name: 'Someone', role: 'reviewer' }, headers: { 'x-ops-key': TEST_OPS_KEY }, locale: 'en' });
      expect(again.status).toBe(422);
      expect(again.json!.error.fields.email).toEqual(['This e-mail address is already on the staff.']);
      const [row] = await auditOf(invited.id);
      expect(row).toMatchObject({ actor_kind: 'ops_key', staff_id: null, action: 'staff.add', target_type: 'staff', target_id: invited.id, details: { role: 'admin' } });
    } finally {
      delete process.env.APP_URL;
    }
  });

  it('is refused without the ops key, and a role outside the three with 422', async () => {
    const body = { email: 'x@office.example', name: 'Xavier', role: 'admin' };
    expect((await call(addStaffRoute.POST, { body })).status).toBe(403);
    expect((await call(addStaffRoute.POST, { body, headers: { 'x-ops-key': `${TEST_OPS_KEY}x` } })).status).toBe(403);
    const { token } = await newUser();
    expect((await call(addStaffRoute.POST, { body, token })).status).toBe(403);
    const wrongRole = await call(addStaffRoute.POST, { body: { ...body, role: 'owner' }, headers: { 'x-ops-key': TEST_OPS_KEY }, locale: 'en' });
    expect(wrongRole.status).toBe(422);
    expect(Object.keys(wrongRole.json!.error.fields)).toEqual(['role']);
  });

  it('takes the link once; a member without a password cannot sign in', async () => {
    const invited = await invitedStaff('reviewer');
    expect((await passwordStep(invited.email, '')).status).toBe(422);
    expect((await passwordStep(invited.email)).json!.error.code).toBe('invalid_credentials');
    const set = { token: invited.token, password: STAFF_PASSWORD, password_confirmation: STAFF_PASSWORD };
    const mismatch = await consoleCall(setPasswordRoute.POST, { body: { ...set, password_confirmation: 'Other#Password1' } });
    expect(mismatch.status).toBe(422);
    expect((await consoleCall(setPasswordRoute.POST, { body: set })).status).toBe(204);
    const reused = await consoleCall(setPasswordRoute.POST, { body: set, locale: 'en' });
    expect(reused.status).toBe(422);
    expect(reused.json!.error.message).toBe('This link has expired or has already been used. Ask an administrator for a new one.');
    expect((await auditOf(invited.id)).map((row) => row.action)).toEqual(['staff.add', 'staff.password_set']);
  });
});

describe('two-factor sign-in', () => {
  it('enrols an authenticator at the first sign-in: a QR secret, then the first right code turns it on and answers ten recovery codes', async () => {
    const invited = await invitedStaff('finance', 'Khalid Omar');
    await consoleCall(setPasswordRoute.POST, { body: { token: invited.token, password: STAFF_PASSWORD, password_confirmation: STAFF_PASSWORD } });
    const step = await passwordStep(invited.email);
    expect(step.status).toBe(200);
    expect(step.headers.get('set-cookie')).toBeNull();
    const { next, challenge, secret, otpauth_uri } = step.json!.data;
    expect(next).toBe('enrol');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toContain(`secret=${secret}`);
    expect(decodeURIComponent(otpauth_uri)).toContain(invited.email);

    // A wrong code is refused on the field, and sets no cookie.
    const wrong = await consoleCall(codeRoute.POST, { body: { challenge, code: '000000' === totpCode(secret) ? '111111' : '000000' }, locale: 'en' });
    expect(wrong.status).toBe(422);
    expect(wrong.json!.error.fields.code).toEqual(['The code is not right. Enter the 6-digit code your authenticator app shows now, or one of your recovery codes.']);
    expect(wrong.headers.get('set-cookie')).toBeNull();

    // The code the app shows, typed with Arabic-Indic digits.
    const arabicDigits = totpCode(secret).replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const enrolled = await consoleCall(codeRoute.POST, { body: { challenge, code: arabicDigits } });
    expect(enrolled.status).toBe(200);
    expect(enrolled.json!.data).toMatchObject({ id: invited.id, email: invited.email, name: 'Khalid Omar', role: 'finance' });
    expect(enrolled.json!.recovery_codes).toHaveLength(10);
    expect(new Set(enrolled.json!.recovery_codes).size).toBe(10);
    const cookie = enrolled.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^office_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200/);
    const me = await consoleCall(officeMeRoute.GET, { staffCookie: staffCookieFrom(enrolled.headers)! });
    expect(me.json!.data).toEqual({ id: invited.id, email: invited.email, name: 'Khalid Omar', role: 'finance' });

    // The challenge was used up.
    expect((await consoleCall(codeRoute.POST, { body: { challenge, code: totpCode(secret, 1) } })).status).toBe(422);
    const actions = (await auditOf(invited.id)).map((row) => [row.action, row.details]);
    expect(actions).toEqual([
      ['staff.add', { role: 'finance' }],
      ['staff.password_set', {}],
      ['staff.sign_in_failed', { step: 'code' }],
      ['staff.two_factor_enrolled', {}],
      ['staff.sign_in', { with: 'enrolment' }],
    ]);
  });

  it('asks for the code at later sign-ins; a code is good once, a recovery code once', async () => {
    const member = await signedInStaff('reviewer');
    const step = await passwordStep(member.email);
    expect(step.json!.data).toEqual({ next: 'code', challenge: expect.any(String) });
    // The code used at enrolment cannot be used again (replay).
    expect((await consoleCall(codeRoute.POST, { body: { challenge: step.json!.data.challenge, code: totpCode(member.secret) } })).status).toBe(422);
    const next = await consoleCall(codeRoute.POST, { body: { challenge: step.json!.data.challenge, code: totpCode(member.secret, 1) } });
    expect(next.status).toBe(200);
    expect(next.json!.recovery_codes).toBeUndefined();

    // A lost phone: a recovery code, written in capitals and without its dash, signs in once.
    const recovery = member.recoveryCodes[3]!;
    const typed = recovery.replace('-', '').toUpperCase();
    const first = await passwordStep(member.email);
    expect((await consoleCall(codeRoute.POST, { body: { challenge: first.json!.data.challenge, code: typed } })).status).toBe(200);
    const second = await passwordStep(member.email);
    expect((await consoleCall(codeRoute.POST, { body: { challenge: second.json!.data.challenge, code: recovery } })).status).toBe(422);
    const withs = (await auditOf(member.id)).filter((row) => row.action === 'staff.sign_in').map((row) => row.details.with);
    expect(withs).toEqual(['enrolment', 'totp', 'recovery_code']);
  });

  it('e-mails the member whenever an authenticator is enrolled or a recovery code is used', async () => {
    const member = await signedInStaff('reviewer', 'Khalid Omar');
    const sent = (await sendQueuedMail()).filter((message) => message.to === member.email);
    expect(sent.map((message) => message.purpose)).toEqual(['staff_invite', 'staff_two_factor_enrolled']);
    const enrolled = sent[1];
    expect(enrolled!.subject).toBe('An authenticator app was set up for your office console account');
    expect(enrolled!.text).toContain('Hello Khalid Omar, an authenticator app was set up for two-factor sign-in');
    expect(enrolled!.text).toContain('Saudi time');
    expect(enrolled!.text).not.toContain(member.secret);

    const step = await passwordStep(member.email);
    expect((await consoleCall(codeRoute.POST, { body: { challenge: step.json!.data.challenge, code: member.recoveryCodes[0] }, address: '198.51.100.23', locale: 'ar' })).status).toBe(200);
    const [recovery, ...more] = (await sendQueuedMail()).filter((message) => message.to === member.email);
    expect(more).toHaveLength(0);
    expect(recovery!.purpose).toBe('staff_recovery_code_used');
    // The sign-in was in Arabic: the member's e-mails are now in Arabic.
    expect(recovery!.subject).toBe('استُخدم رمز استرداد لتسجيل الدخول إلى حسابك في منصة المكتب');
    expect(recovery!.text).toContain('198.51.100.23');
    expect(recovery!.text).toContain('بقي لديك ٩ رموز استرداد.');
    expect(recovery!.text).not.toContain(member.recoveryCodes[0]);
    // A code signed in with the authenticator tells nobody anything.
    const again = await passwordStep(member.email);
    expect((await consoleCall(codeRoute.POST, { body: { challenge: again.json!.data.challenge, code: totpCode(member.secret, 1) } })).status).toBe(200);
    expect((await sendQueuedMail()).filter((message) => message.to === member.email)).toHaveLength(0);
  });

  it('answers an unknown address exactly like a wrong password', async () => {
    const unknown = await passwordStep('nobody@office.example');
    const member = await signedInStaff('reviewer');
    const wrong = await passwordStep(member.email, 'Wrong#Password1');
    expect(unknown.status).toBe(422);
    expect(unknown.json).toEqual(wrong.json);
  });
});

describe('wrong passwords lock one client address out of one account (issue item 3)', () => {
  // Each test its own stranger: one address may fail 20 sign-ins in 15 minutes across all accounts (then 429, for everyone alike).
  let strangers = 0;
  const nextStranger = () => `203.0.113.${(strangers += 1)}`;
  const MEMBER_DESK = '198.51.100.7';
  const fromAddress = (email: string, password: string, address: string, locale: 'en' | 'ar' = 'en') =>
    consoleCall(loginRoute.POST, { body: { email, password }, locale, address });
  /** What a client can compare: the status, the headers that matter and the body's bytes. */
  const seen = async (answer: Promise<Awaited<ReturnType<typeof passwordStep>>>) => {
    const { status, headers, json } = await answer;
    return { status, retryAfter: headers.get('retry-after'), setCookie: headers.get('set-cookie'), body: JSON.stringify(json) };
  };

  it('answers a locked account byte for byte as a wrong password and as an unknown address, even for the right password', async () => {
    const member = await signedInStaff('admin');
    for (const locale of ['en', 'ar'] as const) {
      const address = nextStranger();
      const wrongs = [];
      for (let i = 0; i < 5; i += 1) wrongs.push(await seen(fromAddress(member.email, 'Wrong#Password1', address, locale)));
      const lockedRight = await seen(fromAddress(member.email, STAFF_PASSWORD, address, locale));
      const lockedWrong = await seen(fromAddress(member.email, 'Wrong#Password1', address, locale));
      const unknown = await seen(fromAddress('nobody@office.example', 'Wrong#Password1', address, locale));
      expect(wrongs[0]).toMatchObject({ status: 422, retryAfter: null, setCookie: null });
      expect(JSON.parse(wrongs[0]!.body).error.code).toBe('invalid_credentials');
      for (const answer of [...wrongs, lockedRight, lockedWrong, unknown]) expect(answer).toEqual(wrongs[0]);
    }
    // The right password from the locked address was never checked, so never counted as a success.
    const checked = (await auditOf(member.id)).filter((row) => row.action === 'staff.sign_in_failed');
    expect(checked).toHaveLength(10);
  });

  it('keeps a stranger’s guesses from locking the member out: the member signs in from another address; the lock lasts 15 minutes', async () => {
    const STRANGER = nextStranger();
    const member = await signedInStaff('admin');
    for (let i = 0; i < 8; i += 1) expect((await fromAddress(member.email, 'Wrong#Password1', STRANGER)).status).toBe(422);
    expect((await fromAddress(member.email, STAFF_PASSWORD, STRANGER)).status).toBe(422);
    // The member, at their own desk, is not kept out.
    const step = await fromAddress(member.email, STAFF_PASSWORD, MEMBER_DESK);
    expect(step.status).toBe(200);
    const signedIn = await consoleCall(codeRoute.POST, { body: { challenge: step.json!.data.challenge, code: totpCode(member.secret, 1) }, address: MEMBER_DESK });
    expect(signedIn.status).toBe(200);
    // Signing in elsewhere does not lift the stranger's lock.
    expect((await fromAddress(member.email, STAFF_PASSWORD, STRANGER)).status).toBe(422);
    const [lock] = await queryRows<{ minutes: number }>(
      sql`select round(extract(epoch from (locked_until - now())) / 60)::int as minutes from staff_sign_in_locks where staff_id = ${member.id} and address = ${STRANGER}`,
    );
    expect(lock!.minutes).toBe(15);
    // Once the 15 minutes have passed, that address may try again.
    await queryRows(sql`update staff_sign_in_locks set locked_until = now() - interval '1 second' where staff_id = ${member.id}`);
    expect((await fromAddress(member.email, STAFF_PASSWORD, STRANGER)).status).toBe(200);
    const audited = (await auditOf(member.id)).filter((row) => row.action === 'staff.locked');
    expect(audited).toEqual([expect.objectContaining({ details: { step: 'password' }, address: STRANGER })]);
  });

  it('checks only the first 5 of many guesses sent at once from one address, and locks that address', async () => {
    const STRANGER = nextStranger();
    const member = await signedInStaff('reviewer');
    const answers = await Promise.all(Array.from({ length: 12 }, () => fromAddress(member.email, 'Wrong#Password1', STRANGER)));
    // Every guess gets the wrong password's answer; those past the fifth were never checked.
    for (const answer of answers) expect(answer.status).toBe(422);
    const checked = (await auditOf(member.id)).filter((row) => row.action === 'staff.sign_in_failed');
    expect(checked).toHaveLength(5);
    expect((await fromAddress(member.email, STAFF_PASSWORD, STRANGER)).status).toBe(422);
    expect((await fromAddress(member.email, STAFF_PASSWORD, MEMBER_DESK)).status).toBe(200);
  });

  it('locks the account itself after 5 wrong codes (which needs the right password), from every address, for 15 minutes', async () => {
    const STRANGER = nextStranger();
    const member = await signedInStaff('admin');
    const step = await fromAddress(member.email, STAFF_PASSWORD, STRANGER);
    expect(step.status).toBe(200);
    const { challenge } = step.json!.data;
    for (let i = 0; i < 4; i += 1) expect((await consoleCall(codeRoute.POST, { body: { challenge, code: '12345' }, address: STRANGER })).status).toBe(422);
    const fifth = await consoleCall(codeRoute.POST, { body: { challenge, code: 'nonsense' }, locale: 'en', address: STRANGER });
    expect(fifth.status).toBe(429);
    expect(Number(fifth.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(fifth.json!.error.message).toBe('Too many failed attempts: this account is locked. Try again in 15 minutes.');
    // The right code is refused too, and from the member's own desk.
    expect((await consoleCall(codeRoute.POST, { body: { challenge, code: totpCode(member.secret, 1) }, address: STRANGER })).status).toBe(429);
    const desk = await fromAddress(member.email, STAFF_PASSWORD, MEMBER_DESK);
    expect(desk.status).toBe(200);
    expect((await consoleCall(codeRoute.POST, { body: { challenge: desk.json!.data.challenge, code: totpCode(member.secret, 1) }, address: MEMBER_DESK })).status).toBe(429);
    // A wrong password still answers as one: the code step's lock says nothing to whoever lacks the password.
    const wrong = await fromAddress(member.email, 'Wrong#Password1', '192.0.2.99');
    expect(wrong.status).toBe(422);
    expect(wrong.json!.error.code).toBe('invalid_credentials');
    // Once the 15 minutes have passed, the count starts again.
    await queryRows(sql`update staff set locked_until = now() - interval '1 second' where id = ${member.id}`);
    const after = await fromAddress(member.email, STAFF_PASSWORD, MEMBER_DESK);
    expect((await consoleCall(codeRoute.POST, { body: { challenge: after.json!.data.challenge, code: totpCode(member.secret, 1) }, address: MEMBER_DESK })).status).toBe(200);
    const failures = (await auditOf(member.id)).filter((row) => row.action === 'staff.sign_in_failed').map((row) => row.details.step);
    expect(failures).toEqual(['code', 'code', 'code', 'code', 'code', 'password']);
    const locks = (await auditOf(member.id)).filter((row) => row.action === 'staff.locked');
    expect(locks).toEqual([expect.objectContaining({ details: { step: 'code' }, address: STRANGER })]);
  });

  it('e-mails the member when their account is locked, in their language (wrong passwords: at most once an hour)', async () => {
    const STRANGER = nextStranger();
    const member = await signedInStaff('admin', 'Amina Saleh');
    await sendQueuedMail();
    for (let i = 0; i < 5; i += 1) await fromAddress(member.email, 'Wrong#Password1', STRANGER);
    const [byPassword, ...others] = (await sendQueuedMail()).filter((message) => message.to === member.email);
    expect(others).toHaveLength(0);
    expect(byPassword!.purpose).toBe('staff_locked');
    expect(byPassword!.subject).toBe('Sign-in to your office console account was locked');
    expect(byPassword!.text).toContain('Hello Amina Saleh, a wrong password for your office console account was typed 5 times from the address');
    expect(byPassword!.text).toContain(STRANGER);
    expect(byPassword!.text).toContain('Saudi time');
    expect(byPassword!.text).not.toContain(STAFF_PASSWORD);
    // Another stranger within the hour: locked and audited, but no second e-mail.
    for (let i = 0; i < 5; i += 1) await fromAddress(member.email, 'Wrong#Password1', '192.0.2.44');
    expect((await sendQueuedMail()).filter((message) => message.to === member.email)).toHaveLength(0);
    expect((await auditOf(member.id)).filter((row) => row.action === 'staff.locked')).toHaveLength(2);

    // Five wrong codes after the right password: always told (someone has the password), here in Arabic.
    await queryRows(sql`update staff set locale = 'ar' where id = ${member.id}`);
    const step = await fromAddress(member.email, STAFF_PASSWORD, MEMBER_DESK);
    for (let i = 0; i < 5; i += 1) await consoleCall(codeRoute.POST, { body: { challenge: step.json!.data.challenge, code: '000000' === totpCode(member.secret, 1) ? '111111' : '000000' }, address: MEMBER_DESK });
    const [byCode, ...more] = (await sendQueuedMail()).filter((message) => message.to === member.email);
    expect(more).toHaveLength(0);
    expect(byCode!.purpose).toBe('staff_locked');
    expect(byCode!.html).toContain('dir="rtl"');
    expect(byCode!.subject).toBe('قُفل تسجيل الدخول إلى حسابك في منصة المكتب');
    expect(byCode!.text).toContain('٥');
    expect(byCode!.text).toContain(MEMBER_DESK);
  });
});

describe('staff sessions', () => {
  it('open the console only: a pilgrim’s token or cookie opens nothing there, and a staff cookie is no pilgrim session', async () => {
    const member = await signedInStaff('admin');
    const pilgrim = await newUser();
    expect((await consoleCall(officeMeRoute.GET, { token: pilgrim.token })).status).toBe(401);
    expect((await consoleCall(officeMeRoute.GET, { cookie: `session=${pilgrim.token}` })).status).toBe(401);
    // A pilgrim's token in the staff cookie is not a staff session either.
    expect((await consoleCall(officeMeRoute.GET, { staffCookie: pilgrim.token })).status).toBe(401);
    expect((await call(pilgrimMeRoute.GET, { token: member.cookie })).status).toBe(401);
    expect((await call(pilgrimMeRoute.GET, { cookie: `office_session=${member.cookie}` })).status).toBe(401);
  });

  it('end after 30 minutes without use and after 12 hours whatever the use; a 401 clears the staff cookie, not the pilgrim’s', async () => {
    const idle = await signedInStaff('reviewer');
    await queryRows(sql`update staff_sessions set last_used_at = now() - interval '29 minutes' where staff_id = ${idle.id}`);
    expect((await consoleCall(officeMeRoute.GET, { staffCookie: idle.cookie })).status).toBe(200);
    await queryRows(sql`update staff_sessions set last_used_at = now() - interval '31 minutes' where staff_id = ${idle.id}`);
    const gone = await consoleCall(officeMeRoute.GET, { staffCookie: idle.cookie });
    expect(gone.status).toBe(401);
    expect(gone.headers.get('set-cookie')).toMatch(/^office_session=; Path=\/; HttpOnly; SameSite=Strict; Max-Age=0/);

    const old = await signedInStaff('reviewer');
    await queryRows(sql`update staff_sessions set expires_at = now() - interval '1 second' where staff_id = ${old.id}`);
    expect((await consoleCall(officeMeRoute.GET, { staffCookie: old.cookie })).status).toBe(401);
  });

  it('end at sign-out, which is audited; a disabled member is out at once', async () => {
    const member = await signedInStaff('finance');
    expect((await consoleCall(logoutRoute.POST, { method: 'POST', staffCookie: member.cookie })).status).toBe(204);
    expect((await consoleCall(officeMeRoute.GET, { staffCookie: member.cookie })).status).toBe(401);
    expect((await auditOf(member.id)).at(-1)!.action).toBe('staff.sign_out');

    const other = await signedInStaff('finance');
    await queryRows(sql`update staff set disabled_at = now() where id = ${other.id}`);
    expect((await consoleCall(officeMeRoute.GET, { staffCookie: other.cookie })).status).toBe(401);
    expect((await passwordStep(other.email)).status).toBe(422);
  });

  it('refuse every change that does not come from the console’s own pages (Origin checked)', async () => {
    const member = await signedInStaff('admin');
    const crossSite = await call(logoutRoute.POST, { method: 'POST', cookie: `office_session=${member.cookie}`, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    const noProof = await call(logoutRoute.POST, { method: 'POST', cookie: `office_session=${member.cookie}` });
    expect(noProof.status).toBe(403);
    const otherOrigin = await call(loginRoute.POST, { body: { email: member.email, password: STAFF_PASSWORD }, headers: { origin: 'https://evil.example' } });
    expect(otherOrigin.status).toBe(403);
    const ownOrigin = await call(logoutRoute.POST, { method: 'POST', cookie: `office_session=${member.cookie}`, headers: { origin: 'http://localhost:3000' } });
    expect(ownOrigin.status).toBe(204);
  });
});

describe('the audit log', () => {
  it('cannot be changed or emptied row by row, even by the database owner’s own statements', async () => {
    const member = await signedInStaff('admin');
    await expect(queryRows(sql`update audit_log set action = 'nothing' where staff_id = ${member.id}`)).rejects.toThrow();
    await expect(queryRows(sql`delete from audit_log where staff_id = ${member.id}`)).rejects.toThrow();
    expect((await auditOf(member.id)).length).toBeGreaterThan(2);
  });
});
