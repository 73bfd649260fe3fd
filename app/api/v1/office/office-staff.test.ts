import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { withTestDatabase } from '@/test/database';
import { consoleCall, consoleInvitedStaff, invitedStaff, signedInStaff, staffCookieFrom, STAFF_PASSWORD, totpCode, useOpsKey } from '@/test/staff';
import { queryRows } from '@/lib/server/db/client';
import { deliverMailOutbox } from '@/lib/server/mail/outbox';
import { linkIn, sendQueuedMail } from '@/test/mail';
import * as staffRoute from './staff/route';
import * as memberRoute from './staff/[id]/route';
import * as resetRoute from './staff/[id]/reset-two-factor/route';
import * as meRoute from './me/route';
import * as loginRoute from './auth/login/route';
import * as codeRoute from './auth/code/route';
import * as setPasswordRoute from './auth/set-password/route';
import * as auditRoute from './audit/route';

withTestDatabase();
beforeAll(() => useOpsKey());
afterAll(() => useOpsKey(undefined));

const patch = (cookie: string, id: string, body: unknown) => consoleCall(memberRoute.PATCH, { method: 'PATCH', staffCookie: cookie, params: { id }, body, locale: 'en' });

describe('the staff, managed by admins', () => {
  it('invites a member by e-mail (in their language, from APP_URL), who sets a password and enrols; the console’s answer never carries the link (issue 58, item 3)', async () => {
    const admin = await signedInStaff('admin', 'Amina Inviter');
    process.env.APP_URL = 'https://hajj-office.example';
    try {
      const invited = await consoleCall(staffRoute.POST, { method: 'POST', staffCookie: admin.cookie, body: { email: 'new.reviewer@office.example', name: 'Maryam Idris', role: 'reviewer' }, locale: 'ar' });
      expect(invited.status).toBe(201);
      expect(invited.json!.data).toEqual({ staff: { id: expect.any(String), email: 'new.reviewer@office.example', name: 'Maryam Idris', role: 'reviewer' } });
      // The link goes to the member alone, by e-mail.
      const [queued] = await queryRows<{ kind: string; to_address: string; params: Record<string, string> }>(sql`select kind, to_address, params from mail_outbox where kind = 'staff_invite' and to_address = 'new.reviewer@office.example'`);
      expect(queued).toMatchObject({ params: { name: 'Maryam Idris', locale: 'ar' } });
      const link = new URL(queued!.params.url!);
      expect(link.origin + link.pathname).toBe('https://hajj-office.example/ar/office/set-password');
      const token = link.searchParams.get('token')!;
      expect(token.length).toBeGreaterThan(20);
      // Not in the admin's answer: neither the token, nor a link, in the body or a header.
      expect(invited.text).not.toContain(token);
      expect(invited.text).not.toContain('set-password');
      for (const [, value] of invited.headers) expect(value).not.toContain(token);
      const sent = await deliverMailOutbox();
      expect(sent.sent).toBeGreaterThanOrEqual(1);

      expect((await consoleCall(setPasswordRoute.POST, { body: { token, password: STAFF_PASSWORD, password_confirmation: STAFF_PASSWORD } })).status).toBe(204);
      const step = await consoleCall(loginRoute.POST, { body: { email: 'new.reviewer@office.example', password: STAFF_PASSWORD } });
      expect(step.json!.data.next).toBe('enrol');
      const staffList = await consoleCall(staffRoute.GET, { staffCookie: admin.cookie });
      expect(staffList.text).not.toContain(token);
      const listed = staffList.json!.data.find((m: { email: string }) => m.email === 'new.reviewer@office.example');
      expect(listed).toMatchObject({ name: 'Maryam Idris', role: 'reviewer', disabled: false, password_set: true, two_factor: false, locked: false, invited_by: { id: admin.id, name: 'Amina Inviter' } });
      // The admin, added with the operator's key, was invited by no member.
      expect(staffList.json!.data.find((m: { id: string }) => m.id === admin.id).invited_by).toBeNull();

      // The audit log says who invited whom.
      const [row] = await queryRows<{ staff_id: string; actor_kind: string; target_id: string }>(sql`select staff_id, actor_kind, target_id from audit_log where action = 'staff.add' and target_id = ${listed.id}`);
      expect(row).toEqual({ staff_id: admin.id, actor_kind: 'staff', target_id: listed.id });
      const logged = await consoleCall(auditRoute.GET, { staffCookie: admin.cookie, path: `/api/v1/office/audit?action=staff.add&target=${listed.id}` });
      expect(logged.json!.data).toEqual([
        expect.objectContaining({ actor: { kind: 'staff', email: admin.email, name: 'Amina Inviter' }, action: 'staff.add', target: { type: 'staff', id: listed.id }, member: { id: listed.id, name: 'Maryam Idris' }, details: { role: 'reviewer' } }),
      ]);
      const [invitedBy] = await queryRows<{ invited_by: string | null }>(sql`select invited_by from staff where id = ${listed.id}`);
      expect(invitedBy!.invited_by).toBe(admin.id);
    } finally {
      delete process.env.APP_URL;
    }
  });

  it('answers the link to the operator’s key alone (npm run staff holds the server’s own key); those members are invited by nobody', async () => {
    const added = await invitedStaff('finance', 'Operator Added');
    expect(added.url.pathname).toBe('/en/office/set-password');
    const [row] = await queryRows<{ invited_by: string | null }>(sql`select invited_by from staff where id = ${added.id}`);
    expect(row!.invited_by).toBeNull();
    const admin = await signedInStaff('admin');
    const listed = (await consoleCall(staffRoute.GET, { staffCookie: admin.cookie })).json!.data.find((m: { id: string }) => m.id === added.id);
    expect(listed.invited_by).toBeNull();
  });

  it('members invited before invited_by existed get their inviter from the audit log (drizzle/0026_staff_invited_by.sql)', async () => {
    const admin = await signedInStaff('admin', 'Earlier Admin');
    const earlier = await consoleInvitedStaff(admin.cookie, 'finance', 'Earlier Invitee');
    const operatorAdded = await invitedStaff('reviewer', 'Earlier Operator');
    // As the rows were before the migration: nobody recorded as inviting anyone.
    await queryRows(sql`update staff set invited_by = null where id in (${earlier.id}, ${operatorAdded.id})`);
    const statements = readFileSync('drizzle/0026_staff_invited_by.sql', 'utf8').split('--> statement-breakpoint');
    const backfill = statements.find((statement) => statement.includes('UPDATE "staff"'))!;
    await queryRows(sql.raw(backfill));
    const rows = await queryRows<{ id: string; invited_by: string | null }>(sql`select id, invited_by from staff where id in (${earlier.id}, ${operatorAdded.id})`);
    expect(Object.fromEntries(rows.map((row) => [row.id, row.invited_by]))).toEqual({ [earlier.id]: admin.id, [operatorAdded.id]: null });
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

  it('resets two-factor with the password too: the old password enrols nothing, the member is e-mailed a one-time link to choose a new one', async () => {
    const admin = await signedInStaff('admin');
    const member = await signedInStaff('finance', 'Khalid Omar');
    await sendQueuedMail();
    process.env.APP_URL = 'https://hajj-office.example';
    try {
      expect((await consoleCall(resetRoute.POST, { method: 'POST', staffCookie: admin.cookie, params: { id: member.id }, locale: 'ar' })).status).toBe(204);
    } finally {
      delete process.env.APP_URL;
    }
    expect((await consoleCall(meRoute.GET, { staffCookie: member.cookie })).status).toBe(401);

    // Whoever knows the old password gets a wrong password's answer, and no secret to enrol.
    const withOld = await consoleCall(loginRoute.POST, { body: { email: member.email, password: STAFF_PASSWORD }, locale: 'en' });
    const wrong = await consoleCall(loginRoute.POST, { body: { email: member.email, password: 'Wrong#Password1' }, locale: 'en' });
    expect(withOld.status).toBe(422);
    expect(withOld.json).toEqual(wrong.json);
    const listed = (await consoleCall(staffRoute.GET, { staffCookie: admin.cookie })).json!.data.find((m: { id: string }) => m.id === member.id);
    expect(listed).toMatchObject({ password_set: false, two_factor: false });

    // The member's e-mail: in the member's language (the invitation's, English), a link from APP_URL to choose a password.
    const [mail, ...others] = (await sendQueuedMail()).filter((message) => message.to === member.email);
    expect(others).toHaveLength(0);
    expect(mail!.purpose).toBe('staff_sign_in_reset');
    expect(mail!.subject).toBe('Choose a new password for the office console');
    expect(mail!.text).toContain('Your authenticator app, your recovery codes and your password no longer work');
    expect(mail!.text).toContain('This link works once, for 72 hours.');
    const link = linkIn(mail!.text, '/en/office/set-password');
    expect(link.origin).toBe('https://hajj-office.example');
    const token = link.searchParams.get('token')!;

    // A second reset retires the first link.
    expect((await consoleCall(resetRoute.POST, { method: 'POST', staffCookie: admin.cookie, params: { id: member.id } })).status).toBe(204);
    const newer = linkIn((await sendQueuedMail()).find((message) => message.to === member.email)!.text, '/en/office/set-password').searchParams.get('token')!;
    const NEW_PASSWORD = 'Office#Season1449';
    expect((await consoleCall(setPasswordRoute.POST, { body: { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD } })).status).toBe(422);
    expect((await consoleCall(setPasswordRoute.POST, { body: { token: newer, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD } })).status).toBe(204);

    // With the new password: a new authenticator; a recovery code from before is no way in.
    expect((await consoleCall(loginRoute.POST, { body: { email: member.email, password: STAFF_PASSWORD } })).status).toBe(422);
    const step = await consoleCall(loginRoute.POST, { body: { email: member.email, password: NEW_PASSWORD } });
    expect(step.json!.data.next).toBe('enrol');
    const old = await consoleCall(codeRoute.POST, { body: { challenge: step.json!.data.challenge, code: member.recoveryCodes[0] } });
    expect(old.status).toBe(422);
    const enrolled = await consoleCall(codeRoute.POST, { body: { challenge: step.json!.data.challenge, code: totpCode(step.json!.data.secret) } });
    expect(enrolled.status).toBe(200);
    expect(staffCookieFrom(enrolled.headers)).toBeTruthy();
    const actions = await queryRows<{ action: string }>(sql`select action from audit_log where target_id = ${member.id} and action in ('staff.two_factor_reset', 'staff.password_set') order by id`);
    expect(actions.map((row) => row.action)).toEqual(['staff.password_set', 'staff.two_factor_reset', 'staff.two_factor_reset', 'staff.password_set']);
  });

  it('a reset also ends an enrolment under way: a challenge taken with the old password enrols nothing', async () => {
    const admin = await signedInStaff('admin');
    const invited = await invitedStaff('reviewer');
    expect((await consoleCall(setPasswordRoute.POST, { body: { token: invited.token, password: STAFF_PASSWORD, password_confirmation: STAFF_PASSWORD } })).status).toBe(204);
    // The password step (the secret to enrol), then the reset, then the code from that secret.
    const step = await consoleCall(loginRoute.POST, { body: { email: invited.email, password: STAFF_PASSWORD } });
    expect(step.json!.data.next).toBe('enrol');
    expect((await consoleCall(resetRoute.POST, { method: 'POST', staffCookie: admin.cookie, params: { id: invited.id } })).status).toBe(204);
    const late = await consoleCall(codeRoute.POST, { body: { challenge: step.json!.data.challenge, code: totpCode(step.json!.data.secret) } });
    expect(late.status).toBe(422);
    expect(staffCookieFrom(late.headers)).toBeNull();
  });
});
