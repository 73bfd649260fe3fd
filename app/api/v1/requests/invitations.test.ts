import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { companion, hijriFromNow } from '@/test/answers';
import { linkIn, sendQueuedMail } from '@/test/mail';
import { pngFile } from '@/test/files';
import { notificationsOf } from '@/test/notifications';
import { readyDraft } from '@/test/requests';
import { consoleCall, paidRequest, signedInStaff, useOpsKey } from '@/test/staff';
import { getDb, queryRows } from '@/lib/server/db/client';
import { mailOutbox } from '@/lib/server/db/schema';
import * as oneRoute from './[id]/route';
import * as submitRoute from './[id]/submit/route';
import * as invitationRoute from './[id]/pilgrims/[pilgrim]/invitation/route';
import * as acceptRoute from '../invitations/accept/route';
import * as sharedListRoute from '../me/shared-requests/route';
import * as sharedRoute from '../me/shared-requests/[id]/route';
import * as confirmationRoute from '../me/shared-requests/[id]/confirmation/route';
import * as sharedDocumentsRoute from '../me/shared-requests/[id]/documents/route';
import * as documentRoute from '../documents/[id]/route';
import * as reviewRoute from '../office/requests/[id]/review/route';

// Families (issue 42, item 1): a companion invited by e-mail to their own part of a request, through the API, on the database.

withTestDatabase();
beforeAll(() => useOpsKey());
afterAll(() => useOpsKey(undefined));

type User = Awaited<ReturnType<typeof newUser>>;

const invite = (token: string, id: string, pilgrim: string, email: string, locale: 'en' | 'ar' = 'en') =>
  call(invitationRoute.POST, { token, params: { id, pilgrim }, body: { email }, locale });
const withdraw = (token: string, id: string, pilgrim: string) => call(invitationRoute.DELETE, { method: 'DELETE', token, params: { id, pilgrim } });
const accept = (token: string, invitation: string, locale: 'en' | 'ar' = 'en') => call(acceptRoute.POST, { token, body: { token: invitation }, locale });
const details = async (token: string, id: string) => (await call(oneRoute.GET, { token, params: { id } })).json!.data;
const shared = (token: string, id: string) => call(sharedRoute.GET, { token, params: { id } });
const sharedList = async (token: string) => (await call(sharedListRoute.GET, { token })).json!.data.items as { id: string; pilgrim: string; organiser_name: string }[];
const correct = (token: string, id: string, answers: Record<string, unknown>, version: number, locale: 'en' | 'ar' = 'en') =>
  call(sharedRoute.PATCH, { method: 'PATCH', token, params: { id }, body: { answers, version }, locale });
const saveCompanions = async (token: string, id: string, data: unknown[]) => {
  const version = (await details(token, id)).version;
  return call(oneRoute.PATCH, { method: 'PATCH', token, params: { id }, body: { step: 'companions', data, version, complete: true } });
};

/** The token of the newest invitation e-mail to `email`, as its link carries it. */
async function invitationToken(email: string): Promise<string> {
  const db = await getDb();
  const [row] = await db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'companion_invite'), eq(mailOutbox.toAddress, email.toLowerCase()))).orderBy(desc(mailOutbox.id)).limit(1);
  return row!.params.token!;
}

/** A draft whose applicant's answers are theirs alone (no identifier shared with the companion), and an account for its companion. */
async function family(companions = 1) {
  const organiser = await newUser('Organiser Family');
  const id = await readyDraft(organiser.token, { companions });
  await queryRows(sql`update requests set data = jsonb_set(data, '{applicant}', data -> 'applicant' || '{"name_latin": "Applicant Only", "passport_number": "APPL00001", "national_id": "2099999999"}'::jsonb) where id = ${id}`);
  const member = await newUser('Mohammed Rahman');
  return { organiser, member, id };
}

async function invited(organiser: User, member: User, id: string, pilgrim = 'companion-0') {
  const sent = await invite(organiser.token, id, pilgrim, member.user.email.toUpperCase());
  expect(sent.status).toBe(201);
  return invitationToken(member.user.email);
}

describe('a companion invited to their own part', () => {
  it('is sent a link in the applicant’s language, taken up only by an account with that address, and sees only their part', async () => {
    const { organiser, member, id } = await family();
    // The companion's answers had no id (saved before ids): the invitation gives one, kept in the answers.
    const sent = await invite(organiser.token, id, 'companion-0', member.user.email.toUpperCase(), 'ar');
    expect(sent.status).toBe(201);
    expect(sent.json!.data).toMatchObject({ pilgrim: 'companion-0', email: member.user.email, state: 'invited', confirmed_at: null, edited_at: null });
    const request = await details(organiser.token, id);
    expect(request.data.companions[0].pilgrim_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(request.invitations).toEqual([expect.objectContaining({ pilgrim: 'companion-0', state: 'invited' })]);

    // The e-mail: in Arabic (the applicant's page), naming the organiser, linking to the invitations page on APP_URL.
    const queued = await invitationToken(member.user.email);
    const mail = (await sendQueuedMail()).find((message) => message.to === member.user.email && message.purpose === 'companion_invite')!;
    expect(mail.subject).toContain('Organiser Family');
    expect(mail.subject).toMatch(/دعاك/);
    const link = linkIn(mail.text, '/ar/invitations');
    const token = link.searchParams.get('token')!;
    expect(token).toBe(queued);
    // Only its hash is stored.
    expect(await queryRows(sql`select 1 from invitations where token_hash = ${token}`)).toHaveLength(0);

    // Another address: refused, and the invitation is still there for the right one.
    const stranger = await newUser('Someone Else');
    const refused = await accept(stranger.token, token);
    expect(refused.status).toBe(403);
    expect(refused.json!.error.message).toMatch(/another e-mail address/);
    expect((await accept(organiser.token, token)).status).toBe(409);
    expect(await sharedList(stranger.token)).toEqual([]);

    const taken = await accept(member.token, token);
    expect(taken.status).toBe(200);
    expect(taken.json!.data).toEqual({ request_id: id, status: 'draft' });
    expect((await accept(member.token, token)).status).toBe(200);
    // Used: nobody else can take it up now, whatever their address.
    expect((await accept(stranger.token, token)).status).toBe(404);
    expect((await details(organiser.token, id)).invitations[0].state).toBe('accepted');

    expect(await sharedList(member.token)).toEqual([expect.objectContaining({ id, pilgrim: 'companion-0', organiser_name: 'Organiser Family', status: 'draft' })]);
    const view = await shared(member.token, id);
    expect(view.status).toBe(200);
    // Their own passport, as the organiser entered it (each test pilgrim has one of their own, test/requests.ts).
    const theirPassport = (await details(organiser.token, id)).data.companions[0].passport_number as string;
    expect(theirPassport).toMatch(/^B[0-9A-F]{8}$/);
    expect(view.json!.data).toMatchObject({ pilgrim: 'companion-0', editable: true, answers: { passport_number: theirPassport, relation: 'spouse' } });
    expect(view.json!.data.documents.map((doc: { pilgrim: string }) => doc.pilgrim)).toEqual(['companion-0', 'companion-0']);
    // Never another pilgrim's personal data.
    const text = JSON.stringify(view.json);
    for (const secret of ['APPL00001', '2099999999', 'Applicant Only']) expect(text).not.toContain(secret);
    expect(view.json!.data.answers).not.toHaveProperty('pilgrim_id');

    // Nobody else sees it.
    expect((await shared(stranger.token, id)).status).toBe(404);
    expect((await shared(organiser.token, id)).status).toBe(404);
  });

  it('corrects their own answers only while the request can be changed, and confirms them; the applicant sees both', async () => {
    const { organiser, member, id } = await family();
    expect((await accept(member.token, await invited(organiser, member, id))).status).toBe(200);
    let version = (await shared(member.token, id)).json!.data.version as number;
    const mine = { ...companion(), passport_number: 'C1122334' };

    // Checked as the companions step checks them, in the reader's language; nothing saved.
    const wrong = await correct(member.token, id, { ...mine, passport_number: 'X' }, version, 'ar');
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.json!.error.fields)).toEqual(['passport_number']);
    expect((await correct(member.token, id, mine, version - 1)).status).toBe(409);

    // The relation is the applicant's, the id the portal's: whatever the companion sends for them.
    const saved = await correct(member.token, id, { ...mine, relation: 'other', pilgrim_id: 'forged' }, version);
    expect(saved.status).toBe(200);
    expect(saved.json!.data.answers).toMatchObject({ passport_number: 'C1122334', relation: 'spouse' });
    let request = await details(organiser.token, id);
    expect(request.data.companions[0]).toMatchObject({ passport_number: 'C1122334', relation: 'spouse' });
    expect(request.data.companions[0].pilgrim_id).not.toBe('forged');
    expect(request.invitations[0].edited_at).not.toBeNull();
    // Which answers are the companion's doing (the mobile was sent as it was: not theirs).
    expect(request.invitations[0].edited_fields).toEqual(['passport_number']);
    expect(request.data.applicant.passport_number).toBe('APPL00001');

    // Confirmed while the answers read as then; a later change by the applicant undoes it.
    const confirmed = await call(confirmationRoute.POST, { token: member.token, params: { id }, body: {} });
    expect(confirmed.json!.data.confirmed_at).not.toBeNull();
    expect((await details(organiser.token, id)).invitations[0].confirmed_at).not.toBeNull();
    request = await details(organiser.token, id);
    expect((await saveCompanions(organiser.token, id, [{ ...request.data.companions[0], mobile: '+966507654321' }])).status).toBe(200);
    expect((await details(organiser.token, id)).invitations[0].confirmed_at).toBeNull();
    expect((await shared(member.token, id)).json!.data.confirmed_at).toBeNull();

    // Their own scan, stored as theirs; they can read it, not the applicant's.
    const upload = await call(sharedDocumentsRoute.POST, { token: member.token, params: { id }, body: { kind: 'photo', file: pngFile() }, as: 'form' });
    expect(upload.status).toBe(201);
    expect(upload.json!.data.pilgrim).toBe('companion-0');
    expect((await call(documentRoute.GET, { token: member.token, params: { id: upload.json!.data.id } })).status).toBe(200);
    const applicantDoc = (await details(organiser.token, id)).documents.find((doc: { pilgrim: string }) => doc.pilgrim === 'applicant');
    expect((await call(documentRoute.GET, { token: member.token, params: { id: applicantDoc.id } })).status).toBe(404);

    // Sent: read-only.
    expect((await call(submitRoute.POST, { token: organiser.token, params: { id }, body: {} })).json!.data.status).toBe('pending_payment');
    version = (await shared(member.token, id)).json!.data.version;
    const late = await correct(member.token, id, mine, version);
    expect(late.status).toBe(409);
    expect(late.json!.error.message).toMatch(/current state/);
    expect((await shared(member.token, id)).json!.data.editable).toBe(false);
    expect((await call(sharedDocumentsRoute.POST, { token: member.token, params: { id }, body: { kind: 'photo', file: pngFile() }, as: 'form' })).status).toBe(409);
  });

  it('may correct their part again when the office asks for changes to it, and sees what was asked of them only', async () => {
    const reviewer = await signedInStaff('reviewer', 'Family Reviewer');
    const organiser = await newUser('Organiser Paid');
    const paid = await paidRequest(organiser.token);
    const member = await newUser('Mohammed Rahman');
    expect((await accept(member.token, await invited(organiser, member, paid.id))).status).toBe(200);
    expect((await shared(member.token, paid.id)).json!.data).toMatchObject({ status: 'submitted', money: expect.objectContaining({ state: 'paid' }), editable: false, flagged: null });

    const asked = await consoleCall(reviewRoute.POST, { method: 'POST', staffCookie: reviewer.cookie, params: { id: paid.id }, body: { status: 'changes_requested', note: 'Fix them.', flags: { applicant: ['passport_number'], 'companion-0': ['passport_expiry'] } } });
    expect(asked.status).toBe(200);
    const view = (await shared(member.token, paid.id)).json!.data;
    expect(view).toMatchObject({ status: 'changes_requested', editable: true, flagged: ['passport_expiry'] });
    const fixed = await correct(member.token, paid.id, { ...companion(), passport_expiry: hijriFromNow(30) }, view.version);
    expect(fixed.status).toBe(200);
  });

  it('is never a child, nor someone whose age is not known yet', async () => {
    const organiser = await newUser('Organiser Child');
    const id = await readyDraft(organiser.token, { companions: 0 });
    const child = companion({ relation: 'child', date_of_birth: hijriFromNow(-12 * 8), mobile: '', email: '' });
    expect((await saveCompanions(organiser.token, id, [child, { ...companion(), date_of_birth: '' }])).status).toBe(422);
    // Saved as a draft would be: the invitation checks the date of birth itself.
    const version = (await details(organiser.token, id)).version;
    await call(oneRoute.PATCH, { method: 'PATCH', token: organiser.token, params: { id }, body: { step: 'companions', data: [child, { ...companion(), date_of_birth: '' }], version } });
    const childInvite = await invite(organiser.token, id, 'companion-0', 'child@example.com');
    expect(childInvite.status).toBe(422);
    expect(childInvite.json!.error.fields.email[0]).toMatch(/under 18/);
    const unknownAge = await invite(organiser.token, id, 'companion-1', 'unknown@example.com', 'ar');
    expect(unknownAge.status).toBe(422);
    expect(unknownAge.json!.error.fields.email[0]).toMatch(/تاريخ ميلاد/);
    expect((await invite(organiser.token, id, 'applicant', 'me@example.com')).status).toBe(404);
    expect((await invite(organiser.token, id, 'companion-7', 'me@example.com')).status).toBe(404);
    expect((await details(organiser.token, id)).invitations).toEqual([]);
    expect(await queryRows(sql`select 1 from mail_outbox where kind = 'companion_invite' and to_address in ('child@example.com', 'unknown@example.com')`)).toHaveLength(0);
    // Only the applicant invites.
    const other = await newUser();
    const adult = await readyDraft(organiser.token);
    expect((await invite(other.token, adult, 'companion-0', 'x@example.com')).status).toBe(404);
    expect((await invite(organiser.token, adult, 'companion-0', organiser.user.email)).status).toBe(422);
  });

  it('is withdrawn by the applicant or left by the companion, and follows the companion when one listed before them is removed', async () => {
    const { organiser, member, id } = await family(2);
    const before = await details(organiser.token, id);
    // The second companion is the one invited.
    const token = await invited(organiser, member, id, 'companion-1');
    expect((await accept(member.token, token)).status).toBe(200);
    expect((await shared(member.token, id)).json!.data.pilgrim).toBe('companion-1');

    // The first companion is removed: the invitation, and the companion's view, move with the right person.
    const second = (await details(organiser.token, id)).data.companions[1];
    expect((await saveCompanions(organiser.token, id, [second])).status).toBe(200);
    expect((await details(organiser.token, id)).invitations).toEqual([expect.objectContaining({ pilgrim: 'companion-0', state: 'accepted' })]);
    const moved = (await shared(member.token, id)).json!.data;
    expect(moved.pilgrim).toBe('companion-0');
    expect(moved.answers.passport_number).toBe(before.data.companions[1].passport_number);

    // Withdrawn: the companion sees it no more, and the link is dead.
    expect((await withdraw(organiser.token, id, 'companion-0')).status).toBe(204);
    expect((await shared(member.token, id)).status).toBe(404);
    expect(await sharedList(member.token)).toEqual([]);
    expect((await accept(member.token, token)).status).toBe(404);
    expect((await withdraw(organiser.token, id, 'companion-0')).status).toBe(404);

    // Invited again (a new link), then the companion leaves.
    expect((await accept(member.token, await invited(organiser, member, id))).status).toBe(200);
    expect((await call(sharedRoute.DELETE, { method: 'DELETE', token: member.token, params: { id } })).status).toBe(204);
    expect((await shared(member.token, id)).status).toBe(404);
    expect((await details(organiser.token, id)).invitations).toEqual([]);

    // Removed from the answers: on the request no more.
    expect((await accept(member.token, await invited(organiser, member, id))).status).toBe(200);
    expect((await saveCompanions(organiser.token, id, [])).status).toBe(200);
    expect((await shared(member.token, id)).status).toBe(404);
    expect((await details(organiser.token, id)).invitations).toEqual([]);
  });

  it('tells the companion the news that concerns them, in their own language, leading to their part', async () => {
    const reviewer = await signedInStaff('reviewer', 'Notice Reviewer');
    const organiser = await newUser('Organiser Notices');
    const id = await readyDraft(organiser.token);
    const member = await newUser('Mohammed Rahman');
    await queryRows(sql`update users set locale = 'ar' where id = ${member.user.id}`);
    expect((await accept(member.token, await invited(organiser, member, id))).status).toBe(200);
    const news = async () => (await notificationsOf(member.token, 'ar')).items.filter((item) => item.type === 'shared_request_update');

    // Sent: awaiting the organiser's payment.
    expect((await call(submitRoute.POST, { token: organiser.token, params: { id }, body: {} })).status).toBe(200);
    let items = await news();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ request_id: id, link: `/profile/shared/${id}` });
    expect(items[0]!.title).toContain('Organiser Notices');
    // By e-mail too, in Arabic (their account's language), once their address is confirmed.
    const mail = (await sendQueuedMail()).filter((message) => message.to === member.user.email && message.purpose === 'notification');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toMatch(/أرسل Organiser Notices الطلب الذي أنت فيه/);
    expect(mail[0]!.text).toContain(`/ar/profile/shared/${id}`);

    // Paid, then changes asked of the applicant only: the payment is their news, the changes are not.
    const { paidAtCounter } = await import('@/test/requests');
    await paidAtCounter(id);
    await consoleCall(reviewRoute.POST, { method: 'POST', staffCookie: reviewer.cookie, params: { id }, body: { status: 'changes_requested', note: 'Fix it.', flags: { applicant: ['passport_number'] } } });
    items = await news();
    expect(items.map((item) => item.title)).toEqual([expect.stringMatching(/دُفعت رسوم/), expect.stringMatching(/أرسل/)]);
    // Sent again, then changes asked of them: theirs.
    expect((await call(submitRoute.POST, { token: organiser.token, params: { id }, body: {} })).status).toBe(200);
    await consoleCall(reviewRoute.POST, { method: 'POST', staffCookie: reviewer.cookie, params: { id }, body: { status: 'changes_requested', note: 'Your passport.', flags: { 'companion-0': ['passport_number'] } } });
    items = await news();
    expect(items[0]!.title).toMatch(/مطلوب تعديل بياناتك/);
    expect(items).toHaveLength(4);
    // Someone who left is told nothing more.
    expect((await call(sharedRoute.DELETE, { method: 'DELETE', token: member.token, params: { id } })).status).toBe(204);
    expect((await call(submitRoute.POST, { token: organiser.token, params: { id }, body: {} })).status).toBe(200);
    expect(await news()).toHaveLength(4);
  });

  it('is sent at most 20 times an hour by one account: the portal is no way to mail strangers', async () => {
    const { organiser, id } = await family();
    for (let i = 0; i < 20; i++) expect((await invite(organiser.token, id, 'companion-0', `again.${i}@example.com`)).status).toBe(201);
    const refused = await invite(organiser.token, id, 'companion-0', 'one.more@example.com', 'ar');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.json!.error.message).toMatch(/دعوات كثيرة/);
    expect(await queryRows(sql`select 1 from mail_outbox where to_address = 'one.more@example.com'`)).toHaveLength(0);
  });

  it('is not sent for a request that is over', async () => {
    const { organiser, member, id } = await family();
    await queryRows(sql`update requests set status = 'cancelled' where id = ${id}`);
    expect((await invite(organiser.token, id, 'companion-0', member.user.email)).status).toBe(409);
    expect(await queryRows(sql`select 1 from mail_outbox where kind = 'companion_invite' and to_address = ${member.user.email}`)).toHaveLength(0);
  });
});
