import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb, queryRows } from '@/lib/server/db/client';
import { resetEnvForTests } from '@/lib/server/env';
import { notify } from '@/lib/server/notifications/notify';
import { NOTIFICATION_TYPES, type NotificationType } from '@/lib/notifications/types';
import { deliverMailOutbox } from '@/lib/server/mail/outbox';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { captureLogs } from '@/test/logs';
import { linkIn, queuedMail, sendQueuedMail } from '@/test/mail';
import * as meRoute from '@/app/api/v1/me/route';
import * as preferencesRoute from '@/app/api/v1/me/email-preferences/route';

withTestDatabase();
const logs = captureLogs();

const run = promisify(execFile);

// What each notification carries in the app (see the notify() calls).
const PARAMS: Record<NotificationType, Record<string, string | number>> = {
  welcome: { name: 'Aisha' },
  request_submitted: { reference: 'HJ-1448-000001', amount_minor: 250000, currency: 'SAR', deadline: '2027-05-01T09:00:00.000Z' },
  payment_succeeded: { reference: 'HJ-1448-000001', amount_minor: 250000, currency: 'SAR' },
  payment_failed: { reference: 'HJ-1448-000001', amount_minor: 250000, currency: 'SAR', reason: 'declined' },
  payment_refunded: { reference: 'HJ-1448-000001', amount_minor: 250000, currency: 'SAR', reason: 'cancelled' },
  payment_voided: { reference: 'HJ-1448-000001', amount_minor: 250000, currency: 'SAR', reason: 'hold_ended' },
  status_changed: { reference: 'HJ-1448-000001', status: 'under_review', note: 'Checking the passports' },
  changes_requested: {
    reference: 'HJ-1448-000001',
    note: 'Please upload a clearer passport scan',
    // Each field to change with its ready-made reason and note, and the deadline (issue 41, item 8).
    fields: JSON.stringify([{ pilgrim: 'companion-0', field: 'passport', reason: 'passport_page_unreadable', note: 'Scan it in daylight' }]),
    changes_by: '2027-05-01T20:59:59.000Z',
  },
  payment_reminder: { reference: 'HJ-1448-000001', amount_minor: 250000, currency: 'SAR', deadline: '2027-05-01T09:00:00.000Z' },
  request_expired: { reference: 'HJ-1448-000001' },
  place_offered: { reference: 'HJ-1448-000001', amount_minor: 250000, currency: 'SAR', deadline: '2027-05-01T09:00:00.000Z' },
  shared_request_update: { reference: 'HJ-1448-000001', organiser: 'Aisha Rahman', event: 'changes', status: 'changes_requested', changes_by: '2027-05-01T20:59:59.000Z' },
  instalment_paid: { reference: 'HJ-1448-000001', amount_minor: 600000, currency: 'SAR', part: 'instalment-1' },
  instalment_due: { reference: 'HJ-1448-000001', amount_minor: 600000, currency: 'SAR', part: 'instalment-2', deadline: '2027-05-01T20:59:59.000Z', when: 'week', grace: 3 },
  instalment_missed: { reference: 'HJ-1448-000001', amount_minor: 600000, currency: 'SAR', part: 'instalment-2', deadline: '2027-05-01T20:59:59.000Z', grace: 3, refund_minor: 600000 },
  opening_turn: { service: 'hajj', minutes: 15 },
  opening_ended: { service: 'hajj', reason: 'sold_out' },
  difference_lapsed: { reference: 'HJ-1448-000001', amount_minor: 3000000, currency: 'SAR', deadline: '2027-05-01T09:00:00.000Z' },
};

async function tell(userId: string, type: NotificationType, requestId: string | null = null) {
  const db = await getDb();
  await db.transaction(async (tx) => notify(tx, { userId, type, params: PARAMS[type], requestId }));
}

async function aRequestOf(userId: string) {
  const [row] = await queryRows<{ id: string }>(sql`insert into requests (user_id, type_id) values (${userId}, 'umrah') returning id`);
  return row!.id;
}

describe('notifications by e-mail', () => {
  it('every notification type goes by e-mail too, in the reader language, with a link to its page', async () => {
    const { user, token } = await newUser();
    await call(meRoute.PATCH, { method: 'PATCH', token, body: { name: 'Aisha Rahman', locale: 'en' } });
    const requestId = await aRequestOf(user.id);
    await sendQueuedMail(); // what registration queued
    for (const type of NOTIFICATION_TYPES) await tell(user.id, type, type === 'welcome' ? null : requestId);
    const sent = (await sendQueuedMail()).filter((message) => message.to === user.email);
    expect(sent.map((message) => message.purpose)).toEqual(NOTIFICATION_TYPES.map(() => 'notification'));
    const subjects = sent.map((message) => message.subject);
    expect(subjects[NOTIFICATION_TYPES.indexOf('payment_refunded')]).toMatch(/^Refund of SAR\s2,500\.00 for HJ-1448-000001$/);
    expect(subjects[NOTIFICATION_TYPES.indexOf('status_changed')]).toBe('Request HJ-1448-000001: Being reviewed by the office');
    const reminder = sent[NOTIFICATION_TYPES.indexOf('payment_reminder')]!;
    // Amounts and Hijri dates as on the site (Saudi time).
    expect(reminder.text).toMatch(/Pay the fee of SAR\s2,500\.00 by Dhuʻl-Qiʻdah 24, 1448 AH at 12:00\sPM \(May 1, 2027\)/);
    const changes = sent[NOTIFICATION_TYPES.indexOf('changes_requested')]!.text;
    expect(changes).toContain('Please upload a clearer passport scan');
    expect(changes).toContain("What to change: Passport scan (Companion 1): The passport's photo page is not readable. Scan it in daylight.");
    expect(changes).toMatch(/Please send it again by Dhuʻl-Qiʻdah 24, 1448 AH \(May 1, 2027\)\./);
    // The reserve list's offer: "A place is yours until …", the pay-by time in both calendars.
    const offered = sent[NOTIFICATION_TYPES.indexOf('place_offered')]!;
    expect(offered.subject).toBe('A place is yours: pay for request HJ-1448-000001');
    const shared = sent[NOTIFICATION_TYPES.indexOf('shared_request_update')]!;
    expect(shared.subject).toBe('Changes needed on your details (HJ-1448-000001)');
    expect(shared.text).toMatch(/The office asked for changes to your own details\. Please correct them by Dhuʻl-Qiʻdah 24, 1448 AH \(May 1, 2027\)\./);
    expect(offered.text).toMatch(/A place is yours until Dhuʻl-Qiʻdah 24, 1448 AH at 12:00\sPM \(May 1, 2027\)\. Pay the fee of SAR\s2,500\.00 by then/);
    // A request's news says how to sign in to see it, with the reader's own address (the button may open on a browser never signed in).
    const signIn = `To see it, sign in at \u2066localhost:3000\u2069 with \u2068${user.email}\u2069.`;
    for (const [i, message] of sent.entries()) {
      if (NOTIFICATION_TYPES[i] === 'welcome') expect(message.text).not.toContain('To see it, sign in');
      else expect(message.text, NOTIFICATION_TYPES[i]).toContain(signIn);
    }
    for (const [i, message] of sent.entries()) {
      // A companion's notice leads to their own part of the request (issue 42).
      const type = NOTIFICATION_TYPES[i];
      // An opening's notice leads to its queue page (issue 59).
      const expected =
        type === 'welcome'
          ? '/en/profile/requests/create'
          : type === 'shared_request_update'
            ? `/en/profile/shared/${requestId}`
            : type === 'opening_turn' || type === 'opening_ended'
              ? '/en/openings/hajj'
              : `/en/profile/requests/details/${requestId}`;
      expect(linkIn(message.text, expected).origin).toBe('http://localhost:3000');
      expect(message.html).toContain('dir="ltr"');
    }
  });

  it('a payment plan’s news (issue 42): the part, its amount and due date as on the site, the grace, and what goes back, in both languages', async () => {
    const { user, token } = await newUser();
    for (const locale of ['en', 'ar'] as const) {
      // A request each: the same news of the same request within a minute would be one notice (notify.ts).
      const requestId = await aRequestOf(user.id);
      await call(meRoute.PATCH, { method: 'PATCH', token, body: { name: 'Aisha Rahman', locale } });
      await sendQueuedMail();
      for (const type of ['instalment_due', 'instalment_missed'] as const) await tell(user.id, type, requestId);
      const [due, missed] = (await sendQueuedMail()).filter((message) => message.to === user.email);
      if (locale === 'en') {
        expect(due!.subject).toBe('Instalment 2 of HJ-1448-000001 is due in a week');
        expect(due!.text).toMatch(/Please pay SAR\s6,000\.00 by Dhuʻl-Qiʻdah 24, 1448 AH at 11:59\sPM \(May 1, 2027\)\. If it is still unpaid 3 days after that/);
        expect(missed!.subject).toBe('Request HJ-1448-000001 cancelled: Instalment 2 was not paid');
        expect(missed!.text).toMatch(/We are giving back SAR\s6,000\.00 for the instalments paid; the deposit is kept/);
      } else {
        expect(due!.subject).toBe('يحين موعد القسط ٢ للطلب HJ-1448-000001 بعد أسبوع');
        expect(due!.text).toContain('بعد ٣ أيام');
        expect(missed!.subject).toBe('أُلغي الطلب HJ-1448-000001: لم يُدفع القسط ٢');
        expect(missed!.html).toContain('dir="rtl"');
      }
      // Kept for looking at (docs/INSTALMENTS.md has them as pictures): MAIL_PREVIEW_DIR, when set.
      if (process.env.MAIL_PREVIEW_DIR) {
        const { writeFile, mkdir } = await import('node:fs/promises');
        await mkdir(process.env.MAIL_PREVIEW_DIR, { recursive: true });
        await writeFile(`${process.env.MAIL_PREVIEW_DIR}/mail-instalment-due-${locale}.html`, due!.html);
        await writeFile(`${process.env.MAIL_PREVIEW_DIR}/mail-instalment-missed-${locale}.html`, missed!.html);
      }
    }
  });

  it('in Arabic for an Arabic reader, right to left', async () => {
    const { user } = await newUser();
    await sendQueuedMail();
    await tell(user.id, 'payment_succeeded', await aRequestOf(user.id));
    const [message] = (await sendQueuedMail()).filter((m) => m.to === user.email);
    expect(message!.subject).toBe('استلمنا الدفع للطلب HJ-1448-000001');
    expect(message!.html).toContain('dir="rtl"');
    expect(message!.html).toContain('lang="ar"');
    linkIn(message!.text, '/ar/profile/requests/details/');
    expect(message!.text).toContain(`لرؤيته، سجّل الدخول في \u2066localhost:3000\u2069 بالبريد الإلكتروني \u2068${user.email}\u2069.`);
  });

  it('none to an address not yet confirmed (it may be a stranger\'s)', async () => {
    const { user } = await newUser('Aisha Rahman', { verified: false });
    await tell(user.id, 'payment_succeeded', await aRequestOf(user.id));
    expect(await queuedMail(user.id, 'notification')).toBeUndefined();
  });

  it('requests and payments can be turned off on the profile; account messages always go', async () => {
    const { user, token } = await newUser();
    await sendQueuedMail();
    expect((await call(preferencesRoute.GET, { token })).json!.data).toEqual({ requests: true, payments: true });
    const saved = await call(preferencesRoute.PUT, { method: 'PUT', token, body: { requests: false, payments: true } });
    expect(saved.status).toBe(200);
    expect((await call(preferencesRoute.GET, { token })).json!.data).toEqual({ requests: false, payments: true });
    const requestId = await aRequestOf(user.id);
    await tell(user.id, 'status_changed', requestId);
    await tell(user.id, 'payment_refunded', requestId);
    await tell(user.id, 'welcome');
    let sent = (await sendQueuedMail()).filter((m) => m.to === user.email);
    expect(sent.map((m) => m.subject)).toEqual([expect.stringMatching(/^استرداد .*٢٬٥٠٠٫٠٠.* للطلب HJ-1448-000001$/), 'أهلًا بك يا Aisha']);
    await call(preferencesRoute.PUT, { method: 'PUT', token, body: { requests: true, payments: false } });
    await tell(user.id, 'payment_reminder', requestId);
    await tell(user.id, 'request_expired', requestId);
    sent = (await sendQueuedMail()).filter((m) => m.to === user.email);
    expect(sent.map((m) => m.subject)).toEqual(['انتهت صلاحية الطلب HJ-1448-000001']);
    expect((await call(preferencesRoute.PUT, { method: 'PUT', token, body: { requests: 'no' } })).status).toBe(422);
    expect((await call(preferencesRoute.GET, {})).status).toBe(401);
  });
});

describe('the default transport: .eml files', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'portal-mail-'));
    process.env.DATA_DIR = dir;
    resetEnvForTests();
  });
  afterAll(() => {
    delete process.env.DATA_DIR;
    resetEnvForTests();
  });

  it('writes each message to DATA_DIR/mail, logs the file and purpose (never the link), and `npm run mail -- --latest` prints it', async () => {
    await deliverMailOutbox(); // earlier tests' leftovers
    const { user } = await newUser('Aisha Rahman', { verified: false });
    const token = (await queuedMail(user.id, 'verify_email'))!.params.token!;
    logs.lines.length = 0;
    expect(await deliverMailOutbox()).toMatchObject({ sent: 1 });
    const files = await readdir(path.join(dir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T.*-verify_email-[0-9a-f]{6}\.eml$/);
    const eml = await readFile(path.join(dir, 'mail', files[0]!), 'utf8');
    expect(eml).toContain('multipart/alternative');
    const written = logs.entries().filter((entry) => entry.msg === 'mail written');
    expect(written).toEqual([expect.objectContaining({ file: path.join(dir, 'mail', files[0]!), purpose: 'verify_email' })]);
    expect(logs.lines.join('\n')).not.toContain(token);
    expect(logs.lines.join('\n')).not.toContain(user.email);

    const { stdout } = await run(process.execPath, ['scripts/mail.mjs', '--latest'], { env: { ...process.env, DATA_DIR: dir } });
    expect(stdout).toContain('Subject: أكِّد بريدك الإلكتروني');
    expect(stdout).toContain(`http://localhost:3000/ar/verify-email?token=${token}`);
  });
});
