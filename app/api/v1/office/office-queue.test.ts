import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { notificationsOf } from '@/test/notifications';
import { submittedRequest } from '@/test/requests';
import { consoleCall, paidRequest, signedInStaff, useOpsKey } from '@/test/staff';
import { queryRows } from '@/lib/server/db/client';
import { fileStorage } from '@/lib/server/uploads/storage';
import { formatHijri, gregorianToHijri } from '@/lib/validation/hijri';
import { pngFile } from '@/test/files';
import * as queueRoute from './requests/route';
import * as viewRoute from './requests/[id]/route';
import * as assignRoute from './requests/[id]/assign/route';
import * as reviewRoute from './requests/[id]/review/route';
import * as notesRoute from './requests/[id]/notes/route';
import * as refundApprovalRoute from './requests/[id]/refund-approval/route';
import * as documentRoute from './documents/[id]/route';
import * as exportRoute from './export/route';
import * as auditRoute from './audit/route';
import * as pilgrimRequestRoute from '../requests/[id]/route';

withTestDatabase();
beforeAll(() => useOpsKey());
afterAll(() => useOpsKey(undefined));

type AuditRow = { actor_kind: string; staff_id: string | null; action: string; target_id: string | null; details: Record<string, unknown> };
const auditFor = (target: string) => queryRows<AuditRow>(sql`select * from audit_log where target_id = ${target} order by id`);
const post = (handler: Parameters<typeof consoleCall>[0], cookie: string, id: string, body: unknown) => consoleCall(handler, { method: 'POST', staffCookie: cookie, params: { id }, body, locale: 'en' });
const queue = (cookie: string, query = '') => consoleCall(queueRoute.GET, { staffCookie: cookie, path: `/api/v1/office/requests${query}` });

describe('the queue', () => {
  it('lists sent requests only, the one waiting longest first, with counts per status, and filters by status, service, date, assignment and search', async () => {
    const reviewer = await signedInStaff('reviewer', 'Yusuf Reviewer');
    const pilgrim = await newUser('Zaynab Qureshi');
    const { id: draftId } = (await call((await import('../requests/route')).POST, { token: pilgrim.token, body: { type: 'umrah' } })).json!.data;
    const older = await paidRequest(pilgrim.token);
    const newer = await submittedRequest(pilgrim.token);
    await queryRows(sql`update requests set submitted_at = now() - interval '3 days' where id = ${older.id}`);
    await queryRows(sql`update requests set data = jsonb_set(jsonb_set(data, '{applicant,name_latin}', '"Zaynab Qureshi"'), '{applicant,name_ar}', '"زينب قريشي"') where id = ${newer.id}`);

    const all = await queue(reviewer.cookie);
    expect(all.status).toBe(200);
    const ids = all.json!.data.map((item: { id: string }) => item.id);
    expect(ids).not.toContain(draftId);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    expect(all.json!.meta.counts).toMatchObject({ submitted: expect.any(Number), pending_payment: expect.any(Number) });
    expect(all.json!.meta.counts.draft).toBeUndefined();

    const submitted = await queue(reviewer.cookie, '?status=submitted');
    expect(submitted.json!.data.every((item: { status: string }) => item.status === 'submitted')).toBe(true);
    expect(submitted.json!.data.map((item: { id: string }) => item.id)).toContain(older.id);
    expect((await queue(reviewer.cookie, '?type=umrah')).json!.data.map((item: { id: string }) => item.id)).not.toContain(older.id);

    // By the Hijri day it was sent, in the office's time zone.
    const today = formatHijri(gregorianToHijri(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(new Date())));
    const sentToday = (await queue(reviewer.cookie, `?submitted_from=${today}&submitted_to=${today}`)).json!.data.map((item: { id: string }) => item.id);
    expect(sentToday).toContain(newer.id);
    expect(sentToday).not.toContain(older.id);

    // Search: a reference, a name in either script, a passport number, the account's e-mail.
    const found = async (q: string) => (await queue(reviewer.cookie, `?q=${encodeURIComponent(q)}`)).json!.data.map((item: { id: string }) => item.id);
    expect(await found(newer.reference)).toEqual([newer.id]);
    expect(await found('zaynab')).toEqual([newer.id]);
    expect(await found('زينب')).toEqual([newer.id]);
    // A companion's passport, in lower case (each test pilgrim has a passport of their own, test/requests.ts).
    for (const request of [older, newer]) {
      const [row] = await queryRows<{ passport: string }>(sql`select data -> 'companions' -> 0 ->> 'passport_number' as passport from requests where id = ${request.id}`);
      expect(await found(row!.passport.toLowerCase())).toEqual([request.id]);
    }
    expect(await found(pilgrim.user.email.toUpperCase())).toEqual(expect.arrayContaining([older.id, newer.id]));
    expect(await found('100%_\\')).toEqual([]);

    // Assigned to me / unassigned.
    expect((await post(assignRoute.POST, reviewer.cookie, older.id, { assign: 'me' })).json!.data.assigned_to).toEqual({ id: reviewer.id, name: 'Yusuf Reviewer' });
    const mine = (await queue(reviewer.cookie, '?assigned=me')).json!.data;
    expect(mine.map((item: { id: string }) => item.id)).toEqual([older.id]);
    expect(mine[0].assigned_to).toEqual({ id: reviewer.id, name: 'Yusuf Reviewer' });
    expect((await queue(reviewer.cookie, '?assigned=unassigned')).json!.data.map((item: { id: string }) => item.id)).not.toContain(older.id);
    expect((await post(assignRoute.POST, reviewer.cookie, older.id, { assign: 'nobody' })).json!.data.assigned_to).toBeNull();
    expect((await auditFor(older.id)).map((row) => row.action)).toEqual(['request.assign', 'request.release']);

    const wrong = await consoleCall(queueRoute.GET, { staffCookie: reviewer.cookie, path: '/api/v1/office/requests?status=draft&submitted_from=31-02-1448&page=0', locale: 'en' });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.json!.error.fields).sort()).toEqual(['page', 'status', 'submitted_from']);
  });
});

describe('a request in the console', () => {
  it('shows the answers, documents, payments, history and notes; the view and each document view are audited', async () => {
    const reviewer = await signedInStaff('reviewer', 'Yusuf Reviewer');
    const pilgrim = await newUser();
    const paid = await paidRequest(pilgrim.token);
    const note = await post(notesRoute.POST, reviewer.cookie, paid.id, { body: 'Called the applicant about the photo.' });
    expect(note.status).toBe(201);

    const view = await consoleCall(viewRoute.GET, { staffCookie: reviewer.cookie, params: { id: paid.id } });
    expect(view.status).toBe(200);
    const request = view.json!.data;
    // The applicant's answers as sent (each test pilgrim has a passport of their own, test/requests.ts).
    const sent = (await call(pilgrimRequestRoute.GET, { token: pilgrim.token, params: { id: paid.id } })).json!.data;
    expect(request.data.applicant.passport_number).toBe(sent.data.applicant.passport_number);
    expect(request.data.applicant.passport_number).toMatch(/^A[0-9A-F]{8}$/);
    expect(request.money?.state).toBe('paid');
    expect(request.payments[0]).toMatchObject({ status: 'paid' });
    expect(request.account).toEqual({ name: 'Aisha Rahman', email: pilgrim.user.email, phone: null });
    expect(request.notes).toEqual([{ id: expect.any(String), body: 'Called the applicant about the photo.', staff_name: 'Yusuf Reviewer', at: expect.any(String) }]);
    expect(request.documents).toHaveLength(4);

    // The pilgrim never sees the internal note.
    const own = await call(pilgrimRequestRoute.GET, { token: pilgrim.token, params: { id: paid.id } });
    expect(JSON.stringify(own.json)).not.toContain('Called the applicant');

    // A passport scan shown inline, then downloaded.
    const passport = request.documents.find((doc: { pilgrim: string; kind: string }) => doc.pilgrim === 'applicant' && doc.kind === 'passport');
    const [stored] = await queryRows<{ storage_key: string }>(sql`select storage_key from documents where id = ${passport.id}`);
    const png = new Uint8Array(await pngFile().arrayBuffer());
    await fileStorage().put(stored!.storage_key, png, 'image/png');
    const inline = await consoleCall(documentRoute.GET, { staffCookie: reviewer.cookie, params: { id: passport.id } });
    expect(inline.status).toBe(200);
    expect(inline.headers.get('content-type')).toBe('image/png');
    expect(inline.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(inline.headers.get('content-security-policy')).toContain('sandbox');
    const download = await consoleCall(documentRoute.GET, { staffCookie: reviewer.cookie, params: { id: passport.id }, path: `/api/v1/office/documents/${passport.id}?download=1` });
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect((await auditFor(passport.id)).map((row) => [row.action, row.details])).toEqual([
      ['document.view', { request_id: paid.id, pilgrim: 'applicant', kind: 'passport' }],
      ['document.view', { request_id: paid.id, pilgrim: 'applicant', kind: 'passport' }],
    ]);
    expect((await auditFor(paid.id)).map((row) => row.action)).toEqual(['request.note', 'request.view']);

    // A draft is not the office's to read; a document of a draft neither.
    const draft = (await call((await import('../requests/route')).POST, { token: pilgrim.token, body: { type: 'umrah' } })).json!.data.id;
    expect((await consoleCall(viewRoute.GET, { staffCookie: reviewer.cookie, params: { id: draft } })).status).toBe(404);
  });

  it('moves through review: the pilgrim is told, the history names the staff member, the flagged fields reach the pilgrim and clear when sent again', async () => {
    const reviewer = await signedInStaff('reviewer', 'Yusuf Reviewer');
    const pilgrim = await newUser();
    const paid = await paidRequest(pilgrim.token);

    const started = await post(reviewRoute.POST, reviewer.cookie, paid.id, { status: 'under_review' });
    expect(started.json!.data.status).toBe('under_review');

    // Asking for changes needs a message and at least one thing to change.
    const bare = await post(reviewRoute.POST, reviewer.cookie, paid.id, { status: 'changes_requested' });
    expect(bare.status).toBe(422);
    expect(Object.keys(bare.json!.error.fields).sort()).toEqual(['flags', 'note']);
    const flags = { 'companion-0': ['passport_number', 'passport'] };
    const changes = await post(reviewRoute.POST, reviewer.cookie, paid.id, { status: 'changes_requested', note: 'The companion’s passport scan is cut off.', flags });
    expect(changes.json!.data.status).toBe('changes_requested');

    const own = (await call(pilgrimRequestRoute.GET, { token: pilgrim.token, params: { id: paid.id } })).json!.data;
    expect(own.flagged).toEqual(flags);
    // The parts holding what was flagged are no longer finished until saved again (issue 40): the task list says "to change".
    expect(own.completed_steps).toEqual(['service', 'applicant', 'review', 'declaration']);
    expect(own.history.at(-1)).toMatchObject({ to: 'changes_requested', actor: 'office', note: 'The companion’s passport scan is cut off.' });
    expect(JSON.stringify(own.history)).not.toContain('Yusuf');
    const { items } = await notificationsOf(pilgrim.token);
    expect(items[0]).toMatchObject({ type: 'changes_requested' });

    const view = (await consoleCall(viewRoute.GET, { staffCookie: reviewer.cookie, params: { id: paid.id } })).json!.data;
    expect(view.history.slice(-2).map((h: { to: string; staff_name: string | null }) => [h.to, h.staff_name])).toEqual([['under_review', 'Yusuf Reviewer'], ['changes_requested', 'Yusuf Reviewer']]);
    expect(view.assigned_to).toEqual({ id: reviewer.id, name: 'Yusuf Reviewer' });

    // The pilgrim sends it again: nothing is highlighted any more; the reviewer approves.
    const submitRoute = await import('../requests/[id]/submit/route');
    expect((await call(submitRoute.POST, { token: pilgrim.token, params: { id: paid.id }, body: {} })).json!.data.status).toBe('submitted');
    expect((await call(pilgrimRequestRoute.GET, { token: pilgrim.token, params: { id: paid.id } })).json!.data.flagged).toBeNull();
    // One step from opening to deciding (issue 41): approved straight from submitted, through under_review on the way.
    expect((await post(reviewRoute.POST, reviewer.cookie, paid.id, { status: 'approved', note: 'Welcome.' })).json!.data.status).toBe('approved');
    const told = (await notificationsOf(pilgrim.token)).items;
    expect(told[0]).toMatchObject({ type: 'status_changed' });
    expect(told[0]!.body).toContain('Welcome.');
    // The pilgrim is told the decision, not "under review" as well.
    expect(told.filter((item: { body: string }) => item.body.includes('Under review') || item.body.includes('under review'))).toHaveLength(0);
    const moves = (await auditFor(paid.id)).filter((row) => row.action === 'request.move').map((row) => row.details);
    expect(moves).toEqual([
      { from: 'submitted', to: 'under_review' },
      { from: 'under_review', to: 'changes_requested', flagged: 2 },
      { from: 'submitted', to: 'under_review' },
      { from: 'under_review', to: 'approved' },
    ]);
  });

  it('lets finance cancel a paid request with a refund, approved by a second member, and not review it; a reviewer cannot cancel', async () => {
    const reviewer = await signedInStaff('reviewer');
    const finance = await signedInStaff('finance', 'Khalid Finance');
    const second = await signedInStaff('finance', 'Huda Finance');
    const pilgrim = await newUser();
    const paid = await paidRequest(pilgrim.token);
    expect((await post(reviewRoute.POST, finance.cookie, paid.id, { status: 'under_review' })).status).toBe(403);
    expect((await post(reviewRoute.POST, reviewer.cookie, paid.id, { status: 'cancelled', note: 'Duplicate application' })).status).toBe(403);
    // Proposed: the request as it was until a second member approves (issue 41, item 5).
    const proposed = await post(reviewRoute.POST, finance.cookie, paid.id, { status: 'cancelled', note: 'Duplicate application' });
    expect(proposed.status).toBe(200);
    expect(proposed.json!.data.status).toBe('submitted');
    const approved = await post(refundApprovalRoute.POST, second.cookie, paid.id, { decision: 'approve' });
    expect(approved.json!.data).toMatchObject({ decision: 'approved', request: { status: 'cancelled' } });
    const own = (await call(pilgrimRequestRoute.GET, { token: pilgrim.token, params: { id: paid.id } })).json!.data;
    expect(own.payments[0].status).toBe('refunded');
    expect(own.payments[0].refund_reason).toBe('cancelled');
    expect(own.money?.state).toBe('refunded');
  });
});

describe('the export', () => {
  it('gives finance the filtered queue as CSV with a BOM, a neutralised formula in a name, and an audit row; a reviewer gets 403', async () => {
    const finance = await signedInStaff('finance');
    const reviewer = await signedInStaff('reviewer');
    const pilgrim = await newUser();
    const sent = await submittedRequest(pilgrim.token);
    await queryRows(sql`update requests set data = jsonb_set(data, '{applicant,name_latin}', '"=HYPERLINK(\\"https://evil.example\\")"') where id = ${sent.id}`);
    expect((await consoleCall(exportRoute.GET, { staffCookie: reviewer.cookie })).status).toBe(403);
    const answer = await consoleCall(exportRoute.GET, { staffCookie: finance.cookie, path: `/api/v1/office/export?q=${sent.reference}&locale=en` });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="requests-\d{4}-\d{2}-\d{2}\.csv"$/);
    const raw = await (await exportRoute.GET(new Request(`http://portal.test/api/v1/office/export?q=${sent.reference}&locale=en`, { headers: { cookie: `office_session=${finance.cookie}` } }), { params: Promise.resolve({}) as never })).arrayBuffer();
    const bytes = new Uint8Array(raw);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Reference,Service,Package,Status,Payment,Paid (net of refunds),Refunded,Applicant (Latin letters),Applicant (Arabic),Pilgrims,Account e-mail,Sent at (Riyadh time UTC+3),Sent on (Hijri),Paid at (Riyadh time UTC+3),Fee,Currency,Payment plan,Still to pay,Assigned to');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${sent.reference},Hajj,Standard,Awaiting payment,Not paid,0.00,0.00,"'=HYPERLINK(""https://evil.example"")",عائشة رحمن,2,${pilgrim.user.email}`);
    // Awaiting payment with no plan chosen: the whole fee, all of it still to pay (issue 42).
    expect(lines[1]).toContain(`,${(sent.fee / 100).toFixed(2)},SAR,Whole fee,${(sent.fee / 100).toFixed(2)},`);
    const [row] = (await queryRows<AuditRow>(sql`select * from audit_log where action = 'queue.export' order by id desc limit 1`));
    expect(row!.details).toEqual({ q: sent.reference, rows: 1, cut: false });
  });

  it('speaks the console’s language, with Riyadh times, the package and when the fee was paid (issue 41, item 9)', async () => {
    const finance = await signedInStaff('finance');
    const pilgrim = await newUser();
    const paid = await paidRequest(pilgrim.token);
    // Sent at 21:30 UTC: already the next day in Riyadh (UTC+3); paid the next morning.
    await queryRows(sql`update requests set submitted_at = '2026-11-27T21:30:00Z' where id = ${paid.id}`);
    await queryRows(sql`update payments set paid_at = '2026-11-28T06:15:00Z' where id = ${paid.paymentId}`);
    const csv = async (query: string, headers: Record<string, string> = {}) => {
      const answer = await exportRoute.GET(new Request(`http://portal.test/api/v1/office/export?q=${paid.reference}${query}`, { headers: { cookie: `office_session=${finance.cookie}`, ...headers } }), { params: Promise.resolve({}) as never });
      expect(answer.status).toBe(200);
      return (await answer.text()).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    };
    const hijri = formatHijri(gregorianToHijri('2026-11-28'));

    // Asked in Arabic: Arabic labels and words; times, amounts and identifiers as a spreadsheet reads them.
    const arabic = await csv('&locale=ar', { 'accept-language': 'en' });
    expect(arabic[0]).toBe('الرقم المرجعي,الخدمة,الباقة,الحالة,الدفع,المدفوع (بعد الاسترداد),المُسترد,مقدّم الطلب (بالأحرف اللاتينية),مقدّم الطلب (بالعربية),عدد الحجاج,البريد الإلكتروني للحساب,وقت الإرسال (بتوقيت الرياض UTC+3),تاريخ الإرسال (هجري),وقت الدفع (بتوقيت الرياض UTC+3),الرسوم,العملة,خطة الدفع,المتبقي للدفع,مُسند إلى');
    expect(arabic[1]).toBe(`${paid.reference},الحج,قياسية,بانتظار المراجعة,مدفوع بالكامل,${(paid.fee / 100).toFixed(2)},0.00,Aisha Rahman,عائشة رحمن,2,${pilgrim.user.email},2026-11-28 00:30,${hijri},2026-11-28 09:15,${(paid.fee / 100).toFixed(2)},SAR,الرسوم كاملة,0.00,`);

    // A download link followed from an Arabic console page: Arabic, whatever the browser's language.
    expect((await csv('', { 'accept-language': 'en', referer: 'http://portal.test/ar/office/requests?view=all' }))[0]).toMatch(/^الرقم المرجعي,/);
    // From no page at all: the reader's language; and in English the same row in English words.
    const english = await csv('', { 'accept-language': 'en' });
    expect(english[1]).toBe(`${paid.reference},Hajj,Standard,Waiting for review,Paid in full,${(paid.fee / 100).toFixed(2)},0.00,Aisha Rahman,عائشة رحمن,2,${pilgrim.user.email},2026-11-28 00:30,${hijri},2026-11-28 09:15,${(paid.fee / 100).toFixed(2)},SAR,Whole fee,0.00,`);
  });
});

describe('the audit log', () => {
  it('is for admins, newest first, filterable by who, what and on what; the ops key is named as such', async () => {
    const admin = await signedInStaff('admin');
    const reviewer = await signedInStaff('reviewer');
    expect((await consoleCall(auditRoute.GET, { staffCookie: reviewer.cookie })).status).toBe(403);
    const mine = await consoleCall(auditRoute.GET, { staffCookie: admin.cookie, path: `/api/v1/office/audit?actor=${encodeURIComponent(admin.email)}` });
    expect(mine.json!.data.map((entry: { action: string }) => entry.action)).toEqual(['staff.sign_in', 'staff.two_factor_enrolled', 'staff.password_set']);
    const added = await consoleCall(auditRoute.GET, { staffCookie: admin.cookie, path: `/api/v1/office/audit?actor=ops_key&action=staff.&target=${reviewer.id}` });
    expect(added.json!.data).toEqual([expect.objectContaining({ actor: { kind: 'ops_key', email: null, name: null }, action: 'staff.add', target: { type: 'staff', id: reviewer.id }, member: { id: reviewer.id, name: expect.any(String) }, request: null, details: { role: 'reviewer' } })]);
    // When: by the Hijri day in the office's time zone; a row from three days ago is outside today.
    await queryRows(sql`alter table audit_log disable trigger audit_log_no_change`);
    await queryRows(sql`update audit_log set created_at = now() - interval '3 days' where target_id = ${reviewer.id} and action = 'staff.add'`);
    await queryRows(sql`alter table audit_log enable trigger audit_log_no_change`);
    const today = formatHijri(gregorianToHijri(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(new Date())));
    const todays = await consoleCall(auditRoute.GET, { staffCookie: admin.cookie, path: `/api/v1/office/audit?target=${reviewer.id}&from=${today}&to=${today}` });
    expect(todays.json!.data.map((entry: { action: string }) => entry.action)).not.toContain('staff.add');
    expect(todays.json!.data.map((entry: { action: string }) => entry.action)).toContain('staff.password_set');
    const wrongDay = await consoleCall(auditRoute.GET, { staffCookie: admin.cookie, path: '/api/v1/office/audit?from=31-13-1448', locale: 'en' });
    expect(wrongDay.status).toBe(422);
  });
});

describe('malformed moves', () => {
  it('never answer a 5xx, with a live staff session, whatever the body', async () => {
    const fc = (await import('fast-check')).default;
    const admin = await signedInStaff('admin');
    const pilgrim = await newUser();
    const sent = await submittedRequest(pilgrim.token);
    const bodies = fc.oneof(
      fc.anything(),
      fc.record({ status: fc.oneof(fc.string(), fc.constantFrom('under_review', 'changes_requested', 'approved', 'rejected', 'cancelled')), note: fc.anything(), flags: fc.anything() }, { requiredKeys: [] }),
      fc.record({ status: fc.constant('changes_requested'), note: fc.string({ minLength: 1 }), flags: fc.dictionary(fc.oneof(fc.constantFrom('applicant', 'companion-0', '__proto__', 'companion-99'), fc.string()), fc.array(fc.oneof(fc.string(), fc.constantFrom('passport', 'mobile')))) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(reviewRoute.POST, notesRoute.POST, assignRoute.POST), bodies, async (handler, body) => {
        const answer = await consoleCall(handler, { method: 'POST', staffCookie: admin.cookie, params: { id: sent.id }, body });
        expect(answer.status, JSON.stringify(answer.json)).toBeLessThan(500);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: 60, seed: 1448 },
    );
  });
});
