import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { withTestDatabase } from '@/test/database';
import { packagePlaces } from '@/test/places';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { companion } from '@/test/answers';
import { documentRows, readyDraft } from '@/test/requests';
import { companionOn } from '@/test/payments';
import { cancelWithRefund, consoleCall, paidRequest, signedInStaff, useOpsKey } from '@/test/staff';
import { getDb, queryRows } from '@/lib/server/db/client';
import * as oneRoute from './[id]/route';
import * as submitRoute from './[id]/submit/route';
import * as cancelRoute from './[id]/cancel/route';
import * as reopenRoute from './[id]/reopen/route';
import * as changeRoute from '../office/catalogue/[id]/route';
import * as typesRoute from '../request-types/route';
import * as reviewRoute from '../office/requests/[id]/review/route';

// Places per package and the holds of requests sent (docs/PLACES.md), through the API, on the real database.

withTestDatabase();
beforeAll(() => useOpsKey());
afterAll(() => useOpsKey(undefined));

type Staff = Awaited<ReturnType<typeof signedInStaff>>;
let admin: Staff;
beforeAll(async () => {
  admin = await signedInStaff('admin');
});

const change = (body: unknown, id = 'hajj', locale: 'en' | 'ar' = 'en') => consoleCall(changeRoute.PATCH, { method: 'PATCH', staffCookie: admin.cookie, params: { id }, body, locale });
const submit = (token: string, id: string, locale: 'en' | 'ar' = 'en') => call(submitRoute.POST, { token, params: { id }, body: {}, locale });
const review = (id: string, status: string) => consoleCall(reviewRoute.POST, { staffCookie: admin.cookie, params: { id }, body: { status, note: 'Checked', ...(status === 'changes_requested' ? { flags: { applicant: ['passport_number'] } } : {}) } });

const { held, placesLeft, leaveOnly } = packagePlaces(() => admin.cookie);

async function statusOf(id: string) {
  const [row] = await queryRows<{ status: string; version: number }>(sql`select status, version from requests where id = ${id}`);
  return row!;
}

describe('places in the catalogue', () => {
  it('are unlimited by default: places_left is null and sending works as before, its places counted all the same', async () => {
    const { token } = await newUser();
    expect(await placesLeft('standard')).toBeNull();
    expect(await placesLeft('premium', 'umrah')).toBeNull();
    const before = await held();
    const id = await readyDraft(token);
    expect((await submit(token, id)).status).toBe(200);
    expect(await held()).toBe(before + 2);
    expect(await placesLeft('standard')).toBeNull();
  });

  it('are set by an admin per package (a whole number, or null for unlimited), audited; anything else is a 422', async () => {
    const set = await change({ places: { economy: 40, premium: '12' } });
    expect(set.status).toBe(200);
    expect(set.json!.data.places).toMatchObject({ economy: 40, premium: 12 });
    expect(set.json!.data.places_left).toMatchObject({ economy: 40, premium: 12 });
    expect(await placesLeft('economy')).toBe(40);
    const [row] = await queryRows<{ details: Record<string, string>; staff_id: string }>(sql`select * from audit_log where action = 'catalogue.change' order by id desc limit 1`);
    expect(row).toMatchObject({ staff_id: admin.id, details: { 'places.economy': 'unlimited → 40', 'places.premium': 'unlimited → 12' } });

    expect((await change({ places: { economy: null } })).json!.data.places.economy).toBeNull();
    expect(await placesLeft('economy')).toBeNull();

    for (const wrong of [-1, 1.5, 'many', '']) {
      const answer = await change({ places: { premium: wrong } });
      expect(answer.status, String(wrong)).toBe(422);
      expect(Object.keys(answer.json!.error.fields)).toEqual(['places.premium']);
    }
    // Umrah does not offer economy; "lost" is no package at all.
    for (const [service, body] of [['umrah', { places: { economy: 5 } }], ['hajj', { places: { lost: 5 } }]] as const) {
      const answer = await change(body, service);
      expect(answer.status).toBe(422);
      expect(answer.json!.error.fields[`places.${Object.keys(body.places)[0]}`]).toEqual(['This service does not offer this package: offer it first, or leave its places out.']);
    }
    expect(await placesLeft('premium')).toBe(12);
  });
});

describe('holding places while the pilgrim pays', () => {
  it('20 sends at once for 3 places: exactly 3 hold, the others answer 409 sold_out and their drafts stay as they were', async () => {
    // Twenty accounts, one draft each: an account sends one unpaid request per service (hoarding.test.ts).
    const drafts: { token: string; id: string }[] = [];
    for (let i = 0; i < 20; i += 1) {
      const { token } = await newUser();
      drafts.push({ token, id: await readyDraft(token, { companions: 0 }) });
    }
    const before = await Promise.all(drafts.map(({ id }) => statusOf(id)));
    await leaveOnly(3);

    const answers = await Promise.all(drafts.map(({ token, id }) => submit(token, id)));
    const sent = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(sent).toHaveLength(3);
    expect(refused).toHaveLength(17);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.json!.error.code).toBe('sold_out');
      expect(answer.json!.error.message).toBe(
        'Not enough places are left in the Standard package: none is left, and this request needs 1 place. Your draft is kept: join the reserve list below, to be offered places as they come back, or choose another package.',
      );
      expect(answer.json!.places).toEqual({ package: 'standard', places_left: 0, needed: 1 });
    }
    const after = await Promise.all(drafts.map(({ id }) => statusOf(id)));
    drafts.forEach((_, i) => {
      if (answers[i]!.status === 200) expect(after[i]!.status).toBe('pending_payment');
      else expect(after[i]).toEqual(before[i]);
    });
    expect(await placesLeft()).toBe(0);
    const holds = await queryRows<{ n: number }>(sql`select count(*)::int as n from place_holds where request_id in ${sql.raw(`(${drafts.map(({ id }) => `'${id}'`).join(', ')})`)}`);
    expect(holds[0]!.n).toBe(3);

    // In Arabic, with Arabic-Indic digits.
    const kept = drafts[answers.findIndex((answer) => answer.status === 409)]!;
    const ar = await submit(kept.token, kept.id, 'ar');
    expect(ar.json!.error.message).toBe(
      'لا تكفي الأماكن المتبقية في الباقة القياسية: لم يبقَ أي مكان، ويحتاج هذا الطلب إلى مكان واحد. مسودتك محفوظة: انضم إلى قائمة الانتظار أدناه لتُعرض عليك الأماكن حين تعود، أو اختر باقة أخرى.',
    );
  });

  it('says what is left when some are, in both languages', async () => {
    const { token } = await newUser();
    const id = await readyDraft(token, { companions: 2 });
    await leaveOnly(2);
    const en = await submit(token, id);
    expect(en.status).toBe(409);
    expect(en.json!.error.message).toMatch(/^Not enough places are left in the Standard package: only 2 places are left, and this request needs 3 places\. Your draft is kept: join the reserve list below/);
    const ar = await submit(token, id, 'ar');
    expect(ar.json!.error.message).toMatch(/^لا تكفي الأماكن المتبقية في الباقة القياسية: بقي مكانان فقط، ويحتاج هذا الطلب إلى ٣ أماكن\. مسودتك محفوظة: انضم إلى قائمة الانتظار/);
  });

  it('a full package is said before the answers are checked; a package not offered is the answers\' to report', async () => {
    const { token } = await newUser();
    const id = await readyDraft(token, { companions: 0 });
    // A document missing: sending it would answer 422 with the field to correct.
    await queryRows(sql`delete from documents where request_id = ${id} and pilgrim = 'applicant' and kind = 'passport'`);
    await leaveOnly(0);
    const full = await submit(token, id);
    expect(full.status).toBe(409);
    expect(full.json!.error.code).toBe('sold_out');
    expect(full.json!.places).toEqual({ package: 'standard', places_left: 0, needed: 1 });
    expect(await statusOf(id)).toMatchObject({ status: 'draft' });

    // With a place left, the same draft is told what to correct, and takes nothing.
    await leaveOnly(1);
    const incomplete = await submit(token, id);
    expect(incomplete.status).toBe(422);
    expect(Object.keys(incomplete.json!.error.fields)).toEqual(['documents.applicant.passport']);
    expect(await placesLeft()).toBe(1);

    // A package the service does not offer, in a full season: the answers' check speaks, not the places.
    await leaveOnly(0);
    await queryRows(sql`update requests set data = jsonb_set(data, '{service,package}', '"deluxe"') where id = ${id}`);
    const unknown = await submit(token, id);
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.json!.error.fields)).toContain('service.package');
  });

  it('expiry gives the places back at once', async () => {
    const { applyPaymentDeadlines } = await import('@/lib/server/payments/deadlines');
    const { token } = await newUser();
    const id = await readyDraft(token);
    await leaveOnly(2);
    expect((await submit(token, id)).status).toBe(200);
    expect(await placesLeft()).toBe(0);
    await (await getDb()).execute(sql`update requests set submitted_at = now() - interval '73 hours' where id = ${id}`);
    await applyPaymentDeadlines();
    expect((await statusOf(id)).status).toBe('expired');
    expect(await placesLeft()).toBe(2);
  });

  it('cancelling (by the pilgrim, or by the office with a refund) and rejecting give the places back at once', async () => {
    const { token } = await newUser();
    await leaveOnly(2);
    const unpaid = await readyDraft(token);
    expect((await submit(token, unpaid)).status).toBe(200);
    expect(await placesLeft()).toBe(0);
    expect((await call(cancelRoute.POST, { token, params: { id: unpaid }, body: {} })).status).toBe(200);
    expect(await placesLeft()).toBe(2);

    const refunded = await paidRequest(token);
    expect(await placesLeft()).toBe(0);
    expect((await cancelWithRefund(refunded.id, admin.cookie)).status).toBe(200);
    const [payment] = await queryRows<{ status: string }>(sql`select status from payments where id = ${refunded.paymentId}`);
    expect(payment!.status).toBe('refunded');
    expect(await placesLeft()).toBe(2);

    const rejected = await paidRequest(token);
    expect(await placesLeft()).toBe(0);
    expect((await review(rejected.id, 'under_review')).status).toBe(200);
    expect(await placesLeft()).toBe(0);
    expect((await review(rejected.id, 'rejected')).status).toBe(200);
    expect(await placesLeft()).toBe(2);
  });

  it('a place freed is read at once from GET /request-types, whose answer no cache on the way keeps (issue 63, item 2)', async () => {
    const { token } = await newUser();
    await leaveOnly(2);
    const id = await readyDraft(token);
    expect((await submit(token, id)).status).toBe(200);
    const full = await call(typesRoute.GET);
    expect(full.json!.data.find((type: { id: string }) => type.id === 'hajj').places_left.standard).toBe(0);
    expect((await call(cancelRoute.POST, { token, params: { id }, body: {} })).status).toBe(200);
    const freed = await call(typesRoute.GET);
    expect(freed.json!.data.find((type: { id: string }) => type.id === 'hajj').places_left.standard).toBe(2);
    // The home page and the wizard read it every few seconds: a copy kept by the browser or a proxy would be minutes old.
    expect(freed.headers.get('cache-control')?.split(',').map((directive) => directive.trim())).toContain('no-store');
  });

  it('payment keeps the places: a paid request holds them past its pay-by time', async () => {
    const { applyPaymentDeadlines } = await import('@/lib/server/payments/deadlines');
    const { token } = await newUser();
    await leaveOnly(2);
    const paid = await paidRequest(token);
    const [hold] = await queryRows<{ held_until: string | null; places: number }>(sql`select held_until, places from place_holds where request_id = ${paid.id}`);
    expect(hold).toEqual({ held_until: null, places: 2 });
    await (await getDb()).execute(sql`update requests set submitted_at = now() - interval '100 hours' where id = ${paid.id}`);
    await applyPaymentDeadlines();
    expect(await placesLeft()).toBe(0);
  });

  it('a request sent again after changes keeps its places, even when none are left; another package needs places there', async () => {
    const { token } = await newUser();
    await leaveOnly(2);
    const paid = await paidRequest(token);
    expect((await review(paid.id, 'under_review')).status).toBe(200);
    expect((await review(paid.id, 'changes_requested')).status).toBe(200);
    expect(await placesLeft()).toBe(0);
    expect((await submit(token, paid.id)).status).toBe(200);
    expect(await placesLeft()).toBe(0);

    // Changed to premium, which has one place left: refused, and the standard places stay its own.
    await review(paid.id, 'under_review');
    await review(paid.id, 'changes_requested');
    await leaveOnly(1, 'premium');
    const details = (await call(oneRoute.GET, { token, params: { id: paid.id } })).json!.data;
    const saved = await call(oneRoute.PATCH, { method: 'PATCH', token, params: { id: paid.id }, body: { step: 'service', data: { ...details.data.service, package: 'premium' }, version: details.version, complete: true } });
    expect(saved.status).toBe(200);
    const refused = await submit(token, paid.id);
    expect(refused.status).toBe(409);
    expect(refused.json!.error.code).toBe('sold_out');
    expect((await statusOf(paid.id)).status).toBe('changes_requested');
    expect(await placesLeft('standard')).toBe(0);
    expect(await placesLeft('premium')).toBe(1);
    // With two places in premium it goes, and gives the standard ones back.
    await leaveOnly(2, 'premium');
    expect((await submit(token, paid.id)).status).toBe(200);
    expect(await placesLeft('premium')).toBe(0);
    expect(await placesLeft('standard')).toBe(2);
  });

  it('reopened from payment and sent again it keeps its places; more pilgrims need places of their own, fewer give some back', async () => {
    const { token } = await newUser();
    await leaveOnly(2);
    const id = await readyDraft(token);
    expect((await submit(token, id)).status).toBe(200);
    expect((await call(reopenRoute.POST, { token, params: { id }, body: {} })).status).toBe(200);
    expect(await placesLeft()).toBe(0);
    expect((await submit(token, id)).status).toBe(200);
    expect(await placesLeft()).toBe(0);

    // A third pilgrim: one place more, and none is left.
    await call(reopenRoute.POST, { token, params: { id }, body: {} });
    const addCompanion = async (count: number) => {
      const details = (await call(oneRoute.GET, { token, params: { id } })).json!.data;
      // Those already listed are sent back as read (with their ids), so their documents stay theirs.
      const people = Array.from({ length: count }, (_, i) => details.data.companions[i] ?? companion());
      const saved = await call(oneRoute.PATCH, { method: 'PATCH', token, params: { id }, body: { step: 'companions', data: people, version: details.version, complete: true } });
      expect(saved.status).toBe(200);
    };
    await addCompanion(2);
    await documentRows(id, ['companion-1']);
    const refused = await submit(token, id);
    expect(refused.status).toBe(409);
    expect(refused.json!.places).toEqual({ package: 'standard', places_left: 0, needed: 3 });
    expect((await statusOf(id)).status).toBe('draft');
    expect(await held()).toBeGreaterThanOrEqual(2);
    await leaveOnly(1);
    expect((await submit(token, id)).status).toBe(200);
    expect(await placesLeft()).toBe(0);

    // Back to the applicant alone: two places go back.
    await call(reopenRoute.POST, { token, params: { id }, body: {} });
    await addCompanion(0);
    expect((await submit(token, id)).status).toBe(200);
    expect(await placesLeft()).toBe(2);
  });

  it('a reopened draft not sent again by its pay-by time gives its places back', async () => {
    const { applyPaymentDeadlines } = await import('@/lib/server/payments/deadlines');
    const { token } = await newUser();
    await leaveOnly(2);
    const id = await readyDraft(token);
    await submit(token, id);
    await call(reopenRoute.POST, { token, params: { id }, body: {} });
    await applyPaymentDeadlines();
    expect(await placesLeft()).toBe(0);
    await (await getDb()).execute(sql`update place_holds set held_until = now() - interval '1 minute' where request_id = ${id}`);
    expect((await applyPaymentDeadlines()).placesReturned).toBe(1);
    expect(await placesLeft()).toBe(2);
    expect((await statusOf(id)).status).toBe('draft');
  });

  it('a lower number set by the office cancels no hold: it stops new ones, and places_left is never below zero', async () => {
    const { token } = await newUser();
    // Another account's: one account holds one unpaid request per service.
    const other = await newUser();
    await leaveOnly(4);
    const first = await readyDraft(token);
    const second = await readyDraft(other.token);
    expect((await submit(token, first)).status).toBe(200);
    expect((await submit(other.token, second)).status).toBe(200);
    const holding = await held();
    expect((await change({ places: { standard: holding - 3 } })).status).toBe(200);
    expect(await placesLeft()).toBe(0);
    expect((await statusOf(first)).status).toBe('pending_payment');
    expect(await held()).toBe(holding);
    const third = await readyDraft(token, { companions: 0 });
    expect((await submit(token, third)).json!.error.code).toBe('sold_out');
    // One cancelled: 2 back, still 1 over the number.
    await call(cancelRoute.POST, { token, params: { id: first }, body: {} });
    expect(await placesLeft()).toBe(0);
    await call(cancelRoute.POST, { token: other.token, params: { id: second }, body: {} });
    expect(await placesLeft()).toBe(1);
    expect((await submit(token, third)).status).toBe(200);
  });

  it('deleting a draft that still holds places gives them back (the trigger on place_holds)', async () => {
    const { token } = await newUser();
    await leaveOnly(2);
    const id = await readyDraft(token);
    await submit(token, id);
    await call(reopenRoute.POST, { token, params: { id }, body: {} });
    expect(await placesLeft()).toBe(0);
    expect((await call(oneRoute.DELETE, { method: 'DELETE', token, params: { id } })).status).toBe(204);
    expect(await placesLeft()).toBe(2);
  });
});

describe('a first send takes its places and its number last (issue 59, item 8; first-hold.ts)', () => {
  const counter = async () => Number((await queryRows<{ last: number }>(sql`select coalesce(max(last), 0) as last from reference_counters where code = 'HJ'`))[0]!.last);
  const noticesOf = (requestId: string) =>
    queryRows<{ user_id: string; type: string; reference: string }>(sql`select user_id, type, params ->> 'reference' as reference from notifications where request_id = ${requestId} order by seq`);

  it('numbers the request, its hold and every notice its move made (the applicant and an invited companion) with one reference', async () => {
    const owner = await newUser();
    await leaveOnly(5);
    const id = await readyDraft(owner.token);
    const member = await companionOn(owner.token, id);
    const before = await counter();
    const sent = await submit(owner.token, id);
    expect(sent.status).toBe(200);
    const reference = sent.json!.data.reference as string;
    expect(reference).toMatch(new RegExp(`^HJ-\\d{4}-${String(before + 1).padStart(6, '0')}$`));
    expect(await counter()).toBe(before + 1);
    expect((await queryRows<{ reference: string; places: number }>(sql`select r.reference, h.places from requests r join place_holds h on h.request_id = r.id where r.id = ${id}`))[0]).toEqual({ reference, places: 2 });
    const notices = await noticesOf(id);
    expect(notices.filter((n) => n.user_id === owner.user.id && n.type === 'request_submitted').map((n) => n.reference)).toEqual([reference]);
    expect(notices.filter((n) => n.user_id === member.user.id && n.type === 'shared_request_update').map((n) => n.reference)).toEqual([reference]);
  });

  it('several sends at once for the last place: one is numbered and holds it, the others are told sold_out and leave no number, hold or notice', async () => {
    await leaveOnly(1);
    const senders = await Promise.all(Array.from({ length: 4 }, async () => {
      const { token } = await newUser();
      return { token, id: await readyDraft(token, { companions: 0 }) };
    }));
    const before = await counter();
    const answers = await Promise.all(senders.map(({ token, id }) => submit(token, id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.json!.error.code === 'sold_out')).toBe(true);
    expect(await counter()).toBe(before + 1);
    expect(await placesLeft()).toBe(0);
    for (const [index, { id }] of senders.entries()) {
      const won = answers[index]!.status === 200;
      const [row] = await queryRows<{ status: string; reference: string | null; holds: number }>(sql`select status, reference, (select count(*)::int from place_holds where request_id = ${id}) as holds from requests where id = ${id}`);
      expect(row).toEqual(won ? { status: 'pending_payment', reference: answers[index]!.json!.data.reference, holds: 1 } : { status: 'draft', reference: null, holds: 0 });
      expect((await noticesOf(id)).length).toBe(won ? 1 : 0);
    }
  });
});
