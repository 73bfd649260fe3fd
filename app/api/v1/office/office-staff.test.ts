import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { withTestDatabase } from '@/test/database';
import { consoleCall, signedInStaff, staffCookieFrom, STAFF_PASSWORD, totpCode, useOpsKey } from '@/test/staff';
import { queryRows } from '@/lib/server/db/client';
import { deliverMailOutbox } from '@/lib/server/mail/outbox';
import * as staffRoute from './staff/route';
import * as memberRoute from './staff/[id]/route';
import * as resetRoute from './staff/[id]/reset-two-factor/route';
import * as meRoute from './me/route';
import * as loginRoute from './auth/login/route';
import * as codeRoute from './auth/code/route';
import * as setPasswordRoute from './auth/set-password/route';

withTestDatabase();
beforeAll(() => useOpsKey());
afterAll(() => useOpsKey(undefined));

const patch = (cookie: string, id: string, body: unknown) => consoleCall(memberRoute.PATCH, { method: 'PATCH', staffCookie: cookie, params: { id }, body, locale: 'en' });

describe('the staff, managed by admins', () => {
  it('invites a member by e-mail (in their language, from APP_URL), who sets a password and enrols', async () => {
    const admin = await signedInStaff('admin');
    process.env.APP_URL = 'https://hajj-office.example';
    try {
      const invited = await consoleCall(staffRoute.POST, { method: 'POST', staffCookie: admin.cookie, body: { email: 'new.reviewer@office.example', name: 'Maryam Idris', role: 'reviewer' }, locale: 'ar' });
      expect(invited.status).toBe(201);
      const link = new URL(invited.json!.data.set_password_url);
      expect(link.origin + link.pathname).toBe('https://hajj-office.example/ar/office/set-password');
      const [queued] = await queryRows<{ kind: string; to_address: string; params: Record<string, string> }>(sql`select kind, to_address, params from mail_outbox where kind = 'staff_invite' and to_address = 'new.reviewer@office.example'`);
      expect(queued).toMatchObject({ params: { url: link.toString(), name: 'Maryam Idris', locale: 'ar' } });
      const sent = await deliverMailOutbox();
      expect(sent.sent).toBeGreaterThanOrEqual(1);

      const token = link.searchParams.get('token')!;
      expect((await consoleCall(setPasswordRoute.POST, { body: { token, password: STAFF_PASSWORD, password_confirmation: STAFF_PASSWORD } })).status).toBe(204);
      const step = await consoleCall(loginRoute.POST, { body: { email: 'new.reviewer@office.example', password: STAFF_PASSWORD } });
      expect(step.json!.data.next).toBe('enrol');
      const listed = (await consoleCall(staffRoute.GET, { staffCookie: admin.cookie })).json!.data.find((m: { email: string }) => m.email === 'new.reviewer@office.example');
      expect(listed).toMatchObject({ name: 'Maryam Idris', role: 'reviewer', disabled: false, password_set: true, two_factor: false, locked: false });
    } finally {
      delete process.env.APP_URL;
    }
  });

  it('changes a role and disables a member: their sessions end at once; audited', async () => {
    const admin = await signedInStaff('admin');
    const member = await signedInStaff('reviewer', 'Omar Reviewer');
    const promoted = await patch(admin.cookie, member.id, { role: 'finance' });
    expect(promoted.json!.data.role).toBe('finance');
    expect((await consoleCall(meRoute.GET, { staffCookie: member.cookie })).status).toBe(401);
    const disabled = await patch(admin.cookie, member.id, { disabled: true });
    expect(disabled.json!.data.disabled).toBe(true);
    expect((await consoleCall(loginRoute.POST, { body: { email: member.email, password: STAFF_PASSWORD } })).status).toBe(422);
    expect((await patch(admin.cookie, member.id, { disabled: false })).json!.data.disabled).toBe(false);
    const rows = await queryRows<{ action: string; details: Record<string, string> }>(sql`select action, details from audit_log where target_id = ${member.id} and action = 'staff.change' order by id`);
    expect(rows.map((row) => row.details)).toEqual([{ role: 'reviewer → finance' }, { disabled: 'true' }, { disabled: 'false' }]);
  });

  it('never leaves the office without an active admin, even when two admins disable each other at once; nobody changes themselves', async () => {
    const first = await signedInStaff('admin', 'First Admin');
    const second = await signedInStaff('admin', 'Second Admin');
    expect((await patch(first.cookie, first.id, { role: 'reviewer' })).status).toBe(409);
    // Only these two admins left active (the other tests' admins are in this database too).
    const others = await queryRows<{ id: string }>(sql`select id from staff where role = 'admin' and disabled_at is null and id not in (${first.id}, ${second.id})`);
    for (const row of others) expect((await patch(first.cookie, row.id, { disabled: true })).status).toBe(200);
    const answers = await Promise.all([patch(first.cookie, second.id, { disabled: true }), patch(second.cookie, first.id, { disabled: true })]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(200);
    // The second change finds its author disabled (401) or the office's last admin at stake (409).
    expect([401, 409]).toContain(statuses[1]);
    const [left] = await queryRows<{ n: number }>(sql`select count(*)::int as n from staff where role = 'admin' and disabled_at is null`);
    expect(left!.n).toBe(1);
  });

  it('resets two-factor: the member enrols a new authenticator at the next sign-in, and the old codes are gone', async () => {
    const admin = await signedInStaff('admin');
    const member = await signedInStaff('finance');
    expect((await consoleCall(resetRoute.POST, { method: 'POST', staffCookie: admin.cookie, params: { id: member.id } })).status).toBe(204);
    expect((await consoleCall(meRoute.GET, { staffCookie: member.cookie })).status).toBe(401);
    const step = await consoleCall(loginRoute.POST, { body: { email: member.email, password: STAFF_PASSWORD } });
    expect(step.json!.data.next).toBe('enrol');
    // A recovery code from before is no longer a way in.
    const old = await consoleCall(codeRoute.POST, { body: { challenge: step.json!.data.challenge, code: member.recoveryCodes[0] } });
    expect(old.status).toBe(422);
    const enrolled = await consoleCall(codeRoute.POST, { body: { challenge: step.json!.data.challenge, code: totpCode(step.json!.data.secret) } });
    expect(enrolled.status).toBe(200);
    expect(staffCookieFrom(enrolled.headers)).toBeTruthy();
    const [row] = await queryRows<{ action: string }>(sql`select action from audit_log where target_id = ${member.id} and action = 'staff.two_factor_reset'`);
    expect(row).toBeTruthy();
  });
});
