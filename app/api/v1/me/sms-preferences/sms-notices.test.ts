import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb, queryRows } from '@/lib/server/db/client';
import { resetEnvForTests } from '@/lib/server/env';
import { notify } from '@/lib/server/notifications/notify';
import type { NotificationType } from '@/lib/notifications/types';
import { deliverSmsOutbox, enqueueSms, PER_NUMBER_PER_HOUR } from '@/lib/server/sms/outbox';
import { countSegments } from '@/lib/sms/segments';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import * as preferencesRoute from './route';

withTestDatabase();

const SITE = 'https://pilgrims.example.org';
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sms-notices-'));
  process.env.DATA_DIR = dir;
  process.env.APP_URL = SITE;
  resetEnvForTests();
});
afterAll(() => {
  delete process.env.DATA_DIR;
  delete process.env.APP_URL;
  resetEnvForTests();
});

// What each urgent notice carries in the app (see the notify() calls), with a reference as long as the office makes.
const URGENT: { type: NotificationType; kind: string; params: Record<string, string | number> }[] = [
  { type: 'place_offered', kind: 'place_offered', params: { reference: 'HJ-1448-000001', amount_minor: 3_000_000, currency: 'SAR', deadline: '2027-05-01T09:00:00.000Z' } },
  { type: 'opening_turn', kind: 'opening_turn', params: { service: 'hajj', minutes: 15 } },
  { type: 'payment_reminder', kind: 'payment_due', params: { reference: 'HJ-1448-000002', amount_minor: 3_000_000, currency: 'SAR', deadline: '2027-05-01T09:00:00.000Z' } },
  { type: 'instalment_due', kind: 'payment_due', params: { reference: 'HJ-1448-000003', amount_minor: 600_000, currency: 'SAR', part: 'instalment-2', deadline: '2027-05-01T20:59:59.000Z', when: 'day', grace: 3 } },
  { type: 'status_changed', kind: 'decision', params: { reference: 'HJ-1448-000004', status: 'approved', note: 'Welcome' } },
  { type: 'status_changed', kind: 'decision', params: { reference: 'HJ-1448-000005', status: 'rejected', note: 'The passport expires too soon' } },
  {
    type: 'changes_requested',
    kind: 'changes_requested',
    params: { reference: 'HJ-1448-000006', note: 'Please upload a clearer passport scan', fields: '[]', changes_by: '2027-05-01T20:59:59.000Z' },
  },
];

let numbers = 0;
/** An account with a confirmed mobile number of its own, in `locale`. */
async function confirmedPilgrim(locale: 'ar' | 'en') {
  numbers += 1;
  const phone = `+96655${String(Date.now() % 1000).padStart(3, '0')}${String(numbers).padStart(4, '0')}`;
  const { user, token } = await newUser();
  await queryRows(sql`update users set phone = ${phone}, phone_confirmed_at = now(), locale = ${locale} where id = ${user.id}`);
  return { user, token, phone };
}

async function tell(userId: string, type: NotificationType, params: Record<string, string | number>) {
  const db = await getDb();
  await db.transaction(async (tx) => notify(tx, { userId, type, params }));
}

/** The JSON files the file sink wrote to a number. */
async function filesTo(phone: string) {
  await deliverSmsOutbox();
  const names = await readdir(path.join(dir, 'sms')).catch(() => [] as string[]);
  const all = await Promise.all(names.sort().map(async (name) => JSON.parse(await readFile(path.join(dir, 'sms', name), 'utf8'))));
  return all.filter((message) => message.to === phone) as { to: string; text: string; kind: string; segments: number; encoding: string }[];
}

const queued = (userId: string) => queryRows<{ kind: string; state: string }>(sql`select kind, state from sms_messages where user_id = ${userId} order by id`);

describe('what goes by SMS', () => {
  for (const locale of ['ar', 'en'] as const) {
    it(`each urgent kind writes an SMS file in ${locale}, within 2 segments, with the reference and a link from APP_URL`, async () => {
      for (const notice of URGENT) {
        const { user, phone } = await confirmedPilgrim(locale);
        await tell(user.id, notice.type, notice.params);
        const [file, ...more] = await filesTo(phone);
        expect(more).toEqual([]);
        expect(file, `${notice.type} ${locale}`).toBeDefined();
        expect(file!.kind).toBe(notice.kind);
        const counted = countSegments(file!.text);
        expect(counted.segments, `${notice.type} ${locale}: ${file!.text}`).toBeLessThanOrEqual(2);
        expect(file!.segments).toBe(counted.segments);
        if (locale === 'ar') expect(counted.encoding).toBe('UCS-2');
        expect(file!.text).toContain(notice.kind === 'opening_turn' ? `${SITE}/${locale}/openings/hajj` : `${SITE}/${locale}/notifications`);
        if (notice.params.reference) expect(file!.text).toContain(String(notice.params.reference));
        // Never payment details: no amount, no currency.
        expect(file!.text).not.toMatch(/SAR|ر\.س|30,000|٣٠٬٠٠٠|6,000|٦٬٠٠٠/);
        expect(file!.text.startsWith(locale === 'ar' ? 'لبيك:' : 'Labbaik:')).toBe(true);
      }
    });
  }

  it('says what each notice is, in words a pilgrim reads', async () => {
    const { user, phone } = await confirmedPilgrim('en');
    await tell(user.id, 'opening_turn', { service: 'hajj', minutes: 15 });
    expect((await filesTo(phone))[0]!.text).toBe(`Labbaik: it is your turn in the Hajj queue. Send your request within 15 minutes: ${SITE}/en/openings/hajj`);
    const arabic = await confirmedPilgrim('ar');
    await tell(arabic.user.id, 'place_offered', URGENT[0]!.params);
    expect((await filesTo(arabic.phone))[0]!.text).toMatch(/^لبيك: عُرض عليك مكان للطلب HJ-1448-000001\. ادفع قبل .*٢٠٢٧.* لتحتفظ به: https:\/\/pilgrims\.example\.org\/ar\/notifications$/);
  });

  it('nothing by SMS for what can wait, nor to a number not confirmed', async () => {
    const { user, phone } = await confirmedPilgrim('ar');
    await tell(user.id, 'payment_succeeded', { reference: 'HJ-1448-000007', amount_minor: 3_000_000, currency: 'SAR' });
    await tell(user.id, 'status_changed', { reference: 'HJ-1448-000007', status: 'under_review' });
    await tell(user.id, 'instalment_due', { ...URGENT[3]!.params, when: 'week' });
    expect(await filesTo(phone)).toEqual([]);
    const unconfirmed = await confirmedPilgrim('ar');
    await queryRows(sql`update users set phone_confirmed_at = null where id = ${unconfirmed.user.id}`);
    await tell(unconfirmed.user.id, 'place_offered', URGENT[0]!.params);
    expect(await queued(unconfirmed.user.id)).toEqual([]);
  });
});

describe('SMS preferences per kind', () => {
  it('all on by default; a kind turned off sends no SMS of that kind, the others still go', async () => {
    const { user, token, phone } = await confirmedPilgrim('en');
    const read = await call(preferencesRoute.GET, { token });
    expect(read.json!.data).toEqual({ place_offered: true, opening_turn: true, payment_due: true, decision: true, changes_requested: true });
    const saved = await call(preferencesRoute.PUT, { method: 'PUT', token, body: { place_offered: false, opening_turn: true, payment_due: true, decision: true, changes_requested: true } });
    expect(saved.status).toBe(200);
    expect((await call(preferencesRoute.GET, { token })).json!.data.place_offered).toBe(false);
    await tell(user.id, 'place_offered', URGENT[0]!.params);
    await tell(user.id, 'changes_requested', URGENT[6]!.params);
    expect((await filesTo(phone)).map((file) => file.kind)).toEqual(['changes_requested']);
  });

  it('refuses a body that is not every switch, in the reader language', async () => {
    const { token } = await newUser();
    const bad = await call(preferencesRoute.PUT, { method: 'PUT', token, body: { place_offered: 'yes' }, locale: 'en' });
    expect(bad.status).toBe(422);
  });
});

describe('the limits of text messages', () => {
  it('at most 20 an hour to a number', async () => {
    const { user, phone } = await confirmedPilgrim('en');
    const db = await getDb();
    for (let i = 0; i < PER_NUMBER_PER_HOUR; i += 1) {
      const result = await db.transaction((tx) => enqueueSms(tx, { userId: user.id, kind: 'mobile_code', to: phone, text: `message ${i}` }));
      expect(result).toHaveProperty('queued');
    }
    expect(await db.transaction((tx) => enqueueSms(tx, { userId: user.id, kind: 'mobile_code', to: phone, text: 'one more' }))).toEqual({ skipped: 'number_limit' });
    // An hour later the number has its 20 again.
    await queryRows(sql`update sms_messages set created_at = created_at - interval '61 minutes' where to_number = ${phone}`);
    expect(await db.transaction((tx) => enqueueSms(tx, { userId: user.id, kind: 'mobile_code', to: phone, text: 'one more' }))).toHaveProperty('queued');
  });

  it('never the same text twice to a number within 10 minutes', async () => {
    const { user, phone } = await confirmedPilgrim('en');
    const db = await getDb();
    const send = () => db.transaction((tx) => enqueueSms(tx, { userId: user.id, kind: 'decision', to: phone, text: 'Labbaik: your request is approved' }));
    expect(await send()).toHaveProperty('queued');
    expect(await send()).toEqual({ skipped: 'same_text' });
    await queryRows(sql`update sms_messages set created_at = created_at - interval '11 minutes' where to_number = ${phone}`);
    expect(await send()).toHaveProperty('queued');
  });

  it('a daily cap of notices per account (SMS_DAILY_CAP_PER_ACCOUNT, 10 by default)', async () => {
    const { user } = await confirmedPilgrim('en');
    for (let i = 1; i <= 11; i += 1) {
      await tell(user.id, 'place_offered', { ...URGENT[0]!.params, reference: `HJ-1448-1000${String(i).padStart(2, '0')}` });
    }
    expect(await queued(user.id)).toHaveLength(10);
  });
});
