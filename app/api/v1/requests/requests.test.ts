import { describe, expect, it } from 'vitest';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { companion, hijriFromNow, person, SERVICE, travelMonthFromNow } from '@/test/answers';
import { documentRows, uniquePassport } from '@/test/requests';
import * as typesRoute from '../request-types/route';
import * as listRoute from './route';
import * as oneRoute from './[id]/route';
import * as submitRoute from './[id]/submit/route';
import * as cancelRoute from './[id]/cancel/route';

withTestDatabase();

async function newDraft(token: string, type = 'hajj') {
  const { status, json } = await call(listRoute.POST, { token, body: { type } });
  expect(status).toBe(201);
  return json!.data as { id: string; version: number; status: string };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function save(token: string, id: string, body: Record<string, unknown>, locale: 'en' | 'ar' = 'en') {
  return call(oneRoute.PATCH, { method: 'PATCH', token, body, params: { id }, locale });
}

/** Fills every step of a draft (documents stored as rows, as an upload would). */
// Each pilgrim with a passport of their own: one passport is on at most one live request (hoarding.test.ts).
async function completeDraft(token: string, id: string, companions = [companion({ passport_number: uniquePassport('B') })], applicant = person({ passport_number: uniquePassport('A') })) {
  let version = 1;
  for (const [step, data] of [
    ['service', SERVICE],
    ['applicant', applicant],
    ['companions', companions],
  ] as const) {
    const { status, json } = await save(token, id, { step, data, version, complete: true });
    expect(status, JSON.stringify(json)).toBe(200);
    version = json!.data.version;
  }
  await documentRows(id, ['applicant', ...companions.map((_, i) => `companion-${i}`)]);
  for (const step of ['documents', 'review']) {
    const { json } = await save(token, id, { step, data: {}, version, complete: true });
    version = json!.data.version;
  }
  const { json } = await save(token, id, { step: 'declaration', data: { declaration: true }, version, complete: true });
  return json!.data.version as number;
}

describe('GET /request-types', () => {
  it('lists Hajj and Umrah with fees in minor units, the season in Hijri and Gregorian, and the companion limit', async () => {
    const { status, json } = await call(typesRoute.GET);
    expect(status).toBe(200);
    expect(json!.data.map((t: { id: string }) => t.id)).toEqual(['hajj', 'umrah']);
    const hajj = json!.data[0];
    expect(hajj).toMatchObject({ code: 'HJ', currency: 'SAR', companion_limit: 13, name: { en: 'Hajj', ar: 'الحج' } });
    expect(hajj.fee_minor).toBeGreaterThan(0);
    expect(hajj.season.start).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    expect(hajj.season.start_gregorian).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('drafts', () => {
  it('POST /requests starts a draft at version 1', async () => {
    const { token } = await newUser();
    const draft = await newDraft(token);
    expect(draft).toMatchObject({ status: 'draft', version: 1, type: 'hajj', reference: null, completed_steps: [], steps_total: 6 });
  });

  it('refuses an unknown type with a field message', async () => {
    const { token } = await newUser();
    const { status, json } = await call(listRoute.POST, { token, body: { type: 'tourism' }, locale: 'en' });
    expect(status).toBe(422);
    expect(json!.error.fields.type).toEqual(['Choose a service']);
  });

  it('autosave keeps whatever was typed, even unfinished, and bumps the version', async () => {
    const { token } = await newUser();
    const { id } = await newDraft(token);
    const half = { name_ar: 'عائشة', name_latin: 'Aisha 123', date_of_birth: '31-02-14' };
    const { status, json } = await save(token, id, { step: 'applicant', data: half, version: 1 });
    expect(status).toBe(200);
    expect(json!.data).toMatchObject({ version: 2, step: 'applicant', completed_steps: [] });
    const read = await call(oneRoute.GET, { token, params: { id } });
    expect(read.json!.data.data.applicant).toEqual(half);
  });

  it('accepts the autosave as form data too', async () => {
    const { token } = await newUser();
    const { id } = await newDraft(token);
    const { status, json } = await save(token, id, { step: 'service', data: JSON.stringify(SERVICE), version: '1' });
    expect(status).toBe(200);
    expect(json!.data.version).toBe(2);
    const form = await call(oneRoute.PATCH, { method: 'PATCH', token, params: { id }, as: 'form', body: { step: 'service', data: JSON.stringify(SERVICE), version: '2' } });
    expect(form.status).toBe(200);
    expect((await call(oneRoute.GET, { token, params: { id } })).json!.data.data.service).toEqual(SERVICE);
  });

  it('a stale version gets 409 with the newer answers, and nothing is overwritten', async () => {
    const { token } = await newUser();
    const { id } = await newDraft(token);
    await save(token, id, { step: 'applicant', data: { name_latin: 'From tab A' }, version: 1 });
    const stale = await save(token, id, { step: 'applicant', data: { name_latin: 'From tab B' }, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.json!.error.code).toBe('conflict');
    expect(stale.json!.data.version).toBe(2);
    expect(stale.json!.data.data.applicant).toEqual({ name_latin: 'From tab A' });
    expect((await call(oneRoute.GET, { token, params: { id } })).json!.data.data.applicant).toEqual({ name_latin: 'From tab A' });
  });

  it('an autosave after "Continue" marks the step unfinished again, keeps the other steps, and counts the companions', async () => {
    const { token } = await newUser();
    const { id } = await newDraft(token);
    let version = 1;
    for (const [step, data] of [['service', SERVICE], ['applicant', person()]] as const) {
      version = (await save(token, id, { step, data, version, complete: true })).json!.data.version;
    }
    const edited = await save(token, id, { step: 'applicant', data: person({ name_latin: 'Changed Name' }), version });
    expect(edited.status).toBe(200);
    expect(edited.json!.data).toMatchObject({ version: version + 1, step: 'applicant', completed_steps: ['service'], pilgrims: 1, applicant_name: 'Changed Name' });
    const companions = await save(token, id, { step: 'companions', data: [companion(), companion()], version: version + 1 });
    expect(companions.json!.data).toMatchObject({ version: version + 2, pilgrims: 3, completed_steps: ['service'] });
    // Saving another step counts the companions already stored.
    const again = await save(token, id, { step: 'service', data: SERVICE, version: version + 2 });
    expect(again.json!.data).toMatchObject({ pilgrims: 3, completed_steps: [] });
    // The documents step has no answers of its own: nothing stored, nothing undone.
    const documentsStep = await save(token, id, { step: 'documents', data: { ignored: true }, version: version + 3 });
    expect(documentsStep.json!.data).toMatchObject({ step: 'documents', version: version + 4 });
    const read = (await call(oneRoute.GET, { token, params: { id } })).json!.data;
    // Each companion is given their id by the server (lib/server/requests/companions.ts), a different one each.
    expect(read.data).toEqual({ service: SERVICE, applicant: person({ name_latin: 'Changed Name' }), companions: [{ ...companion(), pilgrim_id: expect.stringMatching(UUID) }, { ...companion(), pilgrim_id: expect.stringMatching(UUID) }] });
    expect(read.data.companions[0].pilgrim_id).not.toBe(read.data.companions[1].pilgrim_id);
  });

  it('an autosave of a request that is no longer editable is refused and changes nothing', async () => {
    const { token } = await newUser();
    const { id } = await newDraft(token);
    const applicant = person({ passport_number: uniquePassport('A') });
    const version = await completeDraft(token, id, undefined, applicant);
    expect((await call(submitRoute.POST, { token, params: { id }, body: {} })).status).toBe(200);
    const cancelled = await call(cancelRoute.POST, { token, params: { id }, body: {} });
    expect(cancelled.status).toBe(200);
    const late = await save(token, id, { step: 'applicant', data: { name_latin: 'Too late' }, version: cancelled.json!.data.version });
    expect(late.status).toBe(409);
    expect(late.json!.error.code).toBe('conflict');
    const read = (await call(oneRoute.GET, { token, params: { id } })).json!.data;
    expect(read).toMatchObject({ status: 'cancelled', version: cancelled.json!.data.version });
    expect(read.data.applicant).toEqual(applicant);
    expect(version).toBeGreaterThan(1);
  });

  it('"Continue" checks the step and answers field messages in the reader\'s language', async () => {
    const { token } = await newUser();
    const { id } = await newDraft(token);
    const bad = person({ name_latin: 'عائشة', national_id: '12ab', date_of_birth: '30-02-1447' });
    const en = await save(token, id, { step: 'applicant', data: bad, version: 1, complete: true }, 'en');
    expect(en.status).toBe(422);
    expect(en.json!.error.fields).toEqual({
      name_latin: ['Enter the name in Latin letters exactly as printed in the passport, like AISHA RAHMAN'],
      date_of_birth: ['The Date of birth field must be a real Hijri date in the form DD-MM-YYYY'],
      national_id: ['Enter the national ID or residence number using numbers only, as on the card'],
    });
    const ar = await save(token, id, { step: 'applicant', data: bad, version: 1, complete: true }, 'ar');
    expect(ar.json!.error.fields.national_id).toEqual(['أدخل رقم الهوية الوطنية أو الإقامة بالأرقام فقط، كما في البطاقة']);
    const good = await save(token, id, { step: 'applicant', data: person(), version: 1, complete: true });
    expect(good.status).toBe(200);
    expect(good.json!.data.completed_steps).toEqual(['applicant']);
  });

  it('"Continue" on the applicant step refuses a passport ending too soon for the travel month, naming the day (issue 40); autosave keeps it', async () => {
    const { token } = await newUser();
    const { id } = await newDraft(token);
    await save(token, id, { step: 'service', data: SERVICE, version: 1, complete: true });
    const soon = person({ passport_expiry: hijriFromNow(4) });
    // A draft keeps what was typed.
    expect((await save(token, id, { step: 'applicant', data: soon, version: 2 })).status).toBe(200);
    const en = await save(token, id, { step: 'applicant', data: soon, version: 3, complete: true }, 'en');
    expect(en.status).toBe(422);
    expect(en.json!.error.fields).toEqual({
      passport_expiry: [expect.stringMatching(/^The passport must be valid until at least \w+ \d{1,2}, \d{4} \(.+ AH\), 6 months after the travel month/)],
    });
    const ar = await save(token, id, { step: 'applicant', data: soon, version: 3, complete: true }, 'ar');
    expect(ar.json!.error.fields.passport_expiry).toEqual([expect.stringMatching(/^يجب أن يبقى جواز السفر صالحًا حتى [^0-9]+ \([^0-9]+\) على الأقل/)]);
    expect((await save(token, id, { step: 'applicant', data: person(), version: 3, complete: true })).status).toBe(200);
  });

  it('companions are checked one by one, with their position in the path, up to the limit', async () => {
    const { token } = await newUser();
    const { id } = await newDraft(token);
    const { json } = await save(token, id, { step: 'companions', data: [companion(), companion({ relation: 'neighbour' })], version: 1, complete: true });
    expect(json!.error.fields).toEqual({ 'companions.1.relation': ['Companion 2: choose how the companion is related to the applicant'] });
    const many = Array.from({ length: 14 }, () => companion());
    const tooMany = await save(token, id, { step: 'companions', data: many, version: 1, complete: true });
    expect(tooMany.json!.error.fields.companions).toEqual(['You can add up to 13 companions: remove one to add another']);
  });

  it('the documents step needs a passport scan and a photo for every pilgrim', async () => {
    const { token } = await newUser();
    const { id } = await newDraft(token);
    await save(token, id, { step: 'companions', data: [companion()], version: 1 });
    const { status, json } = await save(token, id, { step: 'documents', data: {}, version: 2, complete: true });
    expect(status).toBe(422);
    expect(Object.keys(json!.error.fields).sort()).toEqual([
      'documents.applicant.passport',
      'documents.applicant.photo',
      'documents.companion-0.passport',
      'documents.companion-0.photo',
    ]);
    expect(json!.error.fields['documents.applicant.photo']).toEqual(['The Personal photo field is required']);
  });

  it('lists drafts only with status=draft, with their progress', async () => {
    const { token } = await newUser();
    const { id } = await newDraft(token);
    await save(token, id, { step: 'service', data: SERVICE, version: 1, complete: true });
    const drafts = await call(listRoute.GET, { token, path: '/api/v1/requests?status=draft' });
    expect(drafts.json!.data).toHaveLength(1);
    expect(drafts.json!.data[0]).toMatchObject({ id, completed_steps: ['service'], steps_total: 6 });
    const requests = await call(listRoute.GET, { token, path: '/api/v1/requests' });
    expect(requests.json!.data).toHaveLength(0);
    expect(requests.json!.meta).toEqual({ page: 1, per_page: 20, total: 0, total_pages: 1 });
  });


  it('a list item names the applicant (the Latin name, else the Arabic one) and carries no answers', async () => {
    const { token } = await newUser();
    const latin = await newDraft(token);
    const arabic = await newDraft(token);
    const nameless = await newDraft(token);
    await save(token, latin.id, { step: 'applicant', data: person({ name_latin: 'Amina Latin', name_ar: 'أمينة' }), version: 1, complete: false });
    const saved = await save(token, arabic.id, { step: 'applicant', data: { name_latin: '', name_ar: 'خديجة' }, version: 1, complete: false });
    expect(saved.json!.data).toMatchObject({ applicant_name: 'خديجة', version: 2 });
    expect(saved.json!.data).not.toHaveProperty('data');
    const { json } = await call(listRoute.GET, { token, path: '/api/v1/requests?status=draft' });
    const names = Object.fromEntries((json!.data as { id: string; applicant_name: string | null }[]).map((item) => [item.id, item.applicant_name]));
    expect(names).toEqual({ [latin.id]: 'Amina Latin', [arabic.id]: 'خديجة', [nameless.id]: null });
    for (const item of json!.data) expect(item).not.toHaveProperty('data');
  });
  it('the list and the autosave answer the same summary as the request itself, to the millisecond', async () => {
    const { token } = await newUser();
    const { id } = await newDraft(token);
    await completeDraft(token, id);
    expect((await call(submitRoute.POST, { token, params: { id }, body: {} })).status).toBe(200);
    const draft = await newDraft(token, 'umrah');
    const saved = (await save(token, draft.id, { step: 'applicant', data: person({ name_latin: 'Amina Latin' }), version: 1, complete: false })).json!.data;

    // The request itself less what only it carries (answers, documents, history, payments and the fee's parts, flags with their notes and deadline).
    const DETAIL_ONLY = ['data', 'documents', 'history', 'payments', 'payment_plan', 'flagged', 'flag_notes', 'changes_due_at', 'invitations', 'fee_package', 'package_paid_for'];
    const summaryOf = async (requestId: string) => {
      const detail = (await call(oneRoute.GET, { token, params: { id: requestId } })).json!.data as Record<string, unknown>;
      return Object.fromEntries(Object.entries(detail).filter(([key]) => !DETAIL_ONLY.includes(key)));
    };
    const sent = await summaryOf(id);
    expect(sent.submitted_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect((await call(listRoute.GET, { token, path: '/api/v1/requests' })).json!.data).toEqual([sent]);
    expect(saved).toEqual(await summaryOf(draft.id));
    expect((await call(listRoute.GET, { token, path: '/api/v1/requests?status=draft' })).json!.data).toEqual([saved]);
  });

  it('DELETE removes a draft', async () => {
    const { token } = await newUser();
    const { id } = await newDraft(token);
    expect((await call(oneRoute.DELETE, { method: 'DELETE', token, params: { id } })).status).toBe(204);
    expect((await call(oneRoute.GET, { token, params: { id } })).status).toBe(404);
  });
});

describe('ownership', () => {
  it('another user\'s request does not exist for them: 404 on every route', async () => {
    const owner = await newUser();
    const other = await newUser('Someone Else');
    const { id } = await newDraft(owner.token);
    const attempts = [
      call(oneRoute.GET, { token: other.token, params: { id } }),
      save(other.token, id, { step: 'service', data: SERVICE, version: 1 }),
      call(oneRoute.DELETE, { method: 'DELETE', token: other.token, params: { id } }),
      call(submitRoute.POST, { token: other.token, params: { id }, body: {} }),
      call(cancelRoute.POST, { token: other.token, params: { id }, body: {} }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(404);
    expect((await call(oneRoute.GET, { token: owner.token, params: { id } })).json!.data.data).toEqual({});
  });

  it('a malformed id is a 404, signed out is a 401', async () => {
    const { token } = await newUser();
    expect((await call(oneRoute.GET, { token, params: { id: 'not-a-uuid' } })).status).toBe(404);
    expect((await call(oneRoute.GET, { params: { id: '3f0c9a7e-8d1b-4c2a-9e5f-1a2b3c4d5e6f' } })).status).toBe(401);
    expect((await call(listRoute.GET, {})).status).toBe(401);
  });
});

describe('travel months', () => {
  // The test database's seasons run from two months ago to a year ahead (test/database.ts).
  const lastMonth = { ...SERVICE, travel_month: travelMonthFromNow(-1) };

  it('a month that has passed is refused at "Continue", in the reader\'s language; this month is taken', async () => {
    const { token } = await newUser();
    const { id } = await newDraft(token);
    const en = await save(token, id, { step: 'service', data: lastMonth, version: 1, complete: true }, 'en');
    expect(en.status).toBe(422);
    expect(en.json!.error.fields).toEqual({ travel_month: ['Choose a travel month that has not passed yet'] });
    const ar = await save(token, id, { step: 'service', data: lastMonth, version: 1, complete: true }, 'ar');
    expect(ar.json!.error.fields).toEqual({ travel_month: ['اختر شهر سفر لم يمضِ بعد'] });
    // Hajj's months run to Dhu al-Hijjah of next year in the test database (up to 23 months ahead): 25 is beyond.
    const beyond = await save(token, id, { step: 'service', data: { ...SERVICE, travel_month: travelMonthFromNow(25) }, version: 1, complete: true });
    expect(beyond.json!.error.fields).toEqual({ travel_month: ['Choose one of the travel months in the list'] });
    const now = await save(token, id, { step: 'service', data: { ...SERVICE, travel_month: travelMonthFromNow(0) }, version: 1, complete: true });
    expect(now.status).toBe(200);
  });

  it('a month that has passed since it was chosen is refused at submit', async () => {
    const { token } = await newUser();
    const { id } = await newDraft(token);
    await completeDraft(token, id);
    const read = (await call(oneRoute.GET, { token, params: { id } })).json!.data;
    // Autosave keeps it (as typed); the check is at "Continue" and at submit.
    expect((await save(token, id, { step: 'service', data: lastMonth, version: read.version })).status).toBe(200);
    const { status, json } = await call(submitRoute.POST, { token, params: { id }, body: {}, locale: 'en' });
    expect(status).toBe(422);
    expect(json!.error.fields).toEqual({ 'service.travel_month': ['Choose a travel month that has not passed yet'] });
  });
});

describe('submit and the state machine', () => {
  it('checks the whole request with full field paths', async () => {
    const { token } = await newUser();
    const { id } = await newDraft(token);
    await save(token, id, { step: 'service', data: SERVICE, version: 1 });
    await save(token, id, { step: 'applicant', data: person(), version: 2 });
    await save(token, id, { step: 'companions', data: [companion(), companion({ passport_expiry: hijriFromNow(4) })], version: 3 });
    const { status, json } = await call(submitRoute.POST, { token, params: { id }, body: {}, locale: 'en' });
    expect(status).toBe(422);
    expect(json!.error.fields['companions.1.passport_expiry']).toEqual([
      expect.stringMatching(/^Companion 2: the passport must be valid until at least \w+ \d{1,2}, \d{4} \(.+ AH\), 6 months after the travel month: renew it, or choose an earlier travel month$/),
    ]);
    expect(json!.error.fields['declaration.declaration']).toEqual(['Tick the box to confirm the declaration']);
    expect(json!.error.fields['documents.applicant.passport']).toBeDefined();
  });

  it('a complete draft gets a reference, its fee for every pilgrim, and waits for payment', async () => {
    const { token } = await newUser();
    const { id } = await newDraft(token);
    await completeDraft(token, id);
    const { status, json } = await call(submitRoute.POST, { token, params: { id }, body: {} });
    expect(status).toBe(200);
    expect(json!.data.status).toBe('pending_payment');
    expect(json!.data.reference).toMatch(/^HJ-14\d\d-\d{6}$/);
    expect(json!.data.pilgrims).toBe(2);
    const types = (await call(typesRoute.GET)).json!.data;
    expect(json!.data.fee_minor).toBe(types[0].fee_minor * 2);
    expect(json!.data.fee_pilgrims).toBe(2);
    expect(json!.data.completed_steps).toHaveLength(6);
    // By when to pay: the deadline after which an unpaid request expires (PAYMENT_DEADLINE_HOURS, 72 by default).
    expect(Date.parse(json!.data.pay_by) - Date.parse(json!.data.submitted_at)).toBe(72 * 3_600_000);

    const details = (await call(oneRoute.GET, { token, params: { id } })).json!.data;
    expect(details.pay_by).toBe(json!.data.pay_by);
    expect((await call(listRoute.GET, { token, path: '/api/v1/requests' })).json!.data[0].pay_by).toBe(json!.data.pay_by);
    expect(details.history).toEqual([expect.objectContaining({ from: 'draft', to: 'pending_payment', actor: 'user' })]);
    // Submitted once: again is a conflict, and it left the drafts list.
    expect((await call(submitRoute.POST, { token, params: { id }, body: {} })).status).toBe(409);
    expect((await call(listRoute.GET, { token, path: '/api/v1/requests?status=draft' })).json!.data).toHaveLength(0);
    expect((await call(listRoute.GET, { token, path: '/api/v1/requests' })).json!.data).toHaveLength(1);
  });

  it('a draft and a cancelled request have nothing to pay by', async () => {
    const { token } = await newUser();
    const { id } = await newDraft(token);
    expect((await call(oneRoute.GET, { token, params: { id } })).json!.data.pay_by).toBeNull();
    await completeDraft(token, id);
    await call(submitRoute.POST, { token, params: { id }, body: {} });
    expect((await call(cancelRoute.POST, { token, params: { id }, body: {} })).status).toBe(200);
    expect((await call(oneRoute.GET, { token, params: { id } })).json!.data.pay_by).toBeNull();
  });

  it('references count up per type and year', async () => {
    const refs: string[] = [];
    for (const type of ['umrah', 'umrah']) {
      // Two accounts: an account holds one unpaid request per service.
      const { token } = await newUser();
      const { id } = await newDraft(token, type);
      await completeDraft(token, id, []);
      refs.push((await call(submitRoute.POST, { token, params: { id }, body: {} })).json!.data.reference);
    }
    const [a, b] = refs.map((r) => Number(r.split('-')[2]));
    expect(refs[0]).toMatch(/^UM-/);
    expect(b).toBe(a! + 1);
  });

  it('the user may cancel before review, and a cancelled request cannot move again', async () => {
    const { token } = await newUser();
    const { id } = await newDraft(token);
    await completeDraft(token, id);
    await call(submitRoute.POST, { token, params: { id }, body: {} });
    const cancelled = await call(cancelRoute.POST, { token, params: { id }, body: {} });
    expect(cancelled.json!.data.status).toBe('cancelled');
    expect((await call(cancelRoute.POST, { token, params: { id }, body: {} })).status).toBe(409);
    expect((await save(token, id, { step: 'service', data: SERVICE, version: cancelled.json!.data.version })).status).toBe(409);
  });

  it('a draft cannot be cancelled (it is deleted instead)', async () => {
    const { token } = await newUser();
    const { id } = await newDraft(token);
    expect((await call(cancelRoute.POST, { token, params: { id }, body: {} })).status).toBe(409);
  });
});

describe('pagination', () => {
  it('pages by 20, newest first', async () => {
    const { token } = await newUser();
    for (let i = 0; i < 21; i++) await newDraft(token);
    const first = await call(listRoute.GET, { token, path: '/api/v1/requests?status=draft' });
    expect(first.json!.data).toHaveLength(20);
    expect(first.json!.meta).toEqual({ page: 1, per_page: 20, total: 21, total_pages: 2 });
    const second = await call(listRoute.GET, { token, path: '/api/v1/requests?status=draft&page=2' });
    expect(second.json!.data).toHaveLength(1);
    // In the list's order across both pages (a page comes from the database as one array): latest change first.
    const listed = [...first.json!.data, ...second.json!.data] as { id: string; updated_at: string }[];
    expect(new Set(listed.map((item) => item.id)).size).toBe(21);
    const changed = listed.map((item) => item.updated_at);
    expect(changed).toEqual([...changed].sort().reverse());
    const bad = await call(listRoute.GET, { token, path: '/api/v1/requests?status=lost&page=0', locale: 'en' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json!.error.fields).sort()).toEqual(['page', 'status']);
  });
});
