import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, queryRows } from '@/lib/server/db/client';
import { notify } from '@/lib/server/notifications/notify';
import type { NotificationType } from '@/lib/notifications/types';
import { setMailTransportForTests } from '@/lib/server/mail/choose-transport';
import { deliverMailOutbox } from '@/lib/server/mail/outbox';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { sendQueuedMail } from '@/test/mail';
import { sendQueuedSms } from '@/test/sms';
import * as emailPreferencesRoute from '@/app/api/v1/me/email-preferences/route';
import * as smsPreferencesRoute from '@/app/api/v1/me/sms-preferences/route';
import { applySmsFallbacks } from './fallback';

withTestDatabase();

const OFFER = { reference: 'HJ-1448-000042', amount_minor: 3_000_000, currency: 'SAR', deadline: '2027-05-01T09:00:00.000Z' };

let numbers = 0;
/**
 * A pilgrim with a confirmed address and number who chose text messages over e-mail for the request's news (the
 * e-mail switch off): the notice goes by SMS only, and the fallback is what brings it by e-mail.
 */
async function pilgrimBySms() {
  numbers += 1;
  const phone = `+96653${String(Date.now() % 1000).padStart(3, '0')}${String(numbers).padStart(4, '0')}`;
  const { user, token } = await newUser();
  await queryRows(sql`update users set phone = ${phone}, phone_confirmed_at = now(), locale = 'en' where id = ${user.id}`);
  await call(emailPreferencesRoute.PUT, { method: 'PUT', token, body: { requests: false, payments: false } });
  await sendQueuedMail(); // what registration queued
  return { user, token, phone };
}

async function tell(userId: string, type: NotificationType = 'place_offered', params: Record<string, string | number> = OFFER) {
  const db = await getDb();
  return db.transaction((tx) => notify(tx, { userId, type, params }));
}

/** The notification e-mails sent to the user now. */
const mailedNotices = async (email: string) => (await sendQueuedMail()).filter((mail) => mail.to === email && mail.purpose === 'notification');
/** The clock moves on: the user's text messages were queued `minutes` ago. */
const queuedAgo = (userId: string, minutes: number) => queryRows(sql`update sms_messages set created_at = now() - make_interval(mins => ${minutes}) where user_id = ${userId}`);

describe('the fallback from SMS to e-mail, for the urgent kinds', () => {
  it('a permanent SMS failure sends the same notice by e-mail, once', async () => {
    const { user } = await pilgrimBySms();
    await tell(user.id);
    expect(await mailedNotices(user.email)).toEqual([]);
    expect(await sendQueuedSms(() => ({ failed: 'twilio 400 21614' }))).toHaveLength(1);
    expect(await applySmsFallbacks()).toBe(1);
    const mails = await mailedNotices(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('HJ-1448-000042');
    // Never twice.
    expect(await applySmsFallbacks()).toBe(0);
    await queuedAgo(user.id, 11);
    expect(await applySmsFallbacks()).toBe(0);
    expect(await mailedNotices(user.email)).toEqual([]);
  });

  it('no delivery receipt within 10 minutes (a controllable clock): e-mail, once', async () => {
    const { user } = await pilgrimBySms();
    await tell(user.id);
    await sendQueuedSms();
    await queuedAgo(user.id, 9);
    expect(await applySmsFallbacks()).toBe(0);
    await queuedAgo(user.id, 10);
    expect(await applySmsFallbacks()).toBe(1);
    expect(await mailedNotices(user.email)).toHaveLength(1);
    expect(await applySmsFallbacks()).toBe(0);
    expect(await mailedNotices(user.email)).toEqual([]);
  });

  it('a provider down for 10 minutes (the message never sent) falls back too; the SMS is still retried', async () => {
    const { user } = await pilgrimBySms();
    await tell(user.id);
    await sendQueuedSms(() => ({ retry: 'twilio 503' }));
    await queuedAgo(user.id, 11);
    expect(await applySmsFallbacks()).toBe(1);
    expect(await mailedNotices(user.email)).toHaveLength(1);
    const [row] = await queryRows<{ state: string }>(sql`select state from sms_messages where user_id = ${user.id}`);
    expect(row!.state).toBe('failed_temporary');
  });

  it('nothing when the text was delivered in time, nor for what is not urgent', async () => {
    const { user } = await pilgrimBySms();
    await tell(user.id);
    await sendQueuedSms();
    await queryRows(sql`update sms_messages set state = 'delivered', state_at = now() where user_id = ${user.id}`);
    await queuedAgo(user.id, 30);
    expect(await applySmsFallbacks()).toBe(0);
    await tell(user.id, 'payment_succeeded', { reference: 'HJ-1448-000042', amount_minor: 100, currency: 'SAR' });
    expect(await sendQueuedSms()).toEqual([]);
    expect(await mailedNotices(user.email)).toEqual([]);
  });

  it('never a second e-mail when the notice went by e-mail already (both channels on)', async () => {
    const { user, token } = await pilgrimBySms();
    await call(emailPreferencesRoute.PUT, { method: 'PUT', token, body: { requests: true, payments: true } });
    await tell(user.id);
    expect(await mailedNotices(user.email)).toHaveLength(1);
    await sendQueuedSms(() => ({ failed: 'unifonic 200 ER-02' }));
    expect(await applySmsFallbacks()).toBe(0);
    expect(await mailedNotices(user.email)).toEqual([]);
  });
});

describe('the fallback from e-mail to SMS', () => {
  it('an e-mail refused for good sends the urgent notice by SMS, once', async () => {
    const { user, token } = await pilgrimBySms();
    // E-mail on, the text message of payments off: the reminder goes by e-mail only.
    await call(emailPreferencesRoute.PUT, { method: 'PUT', token, body: { requests: true, payments: true } });
    await call(smsPreferencesRoute.PUT, { method: 'PUT', token, body: { place_offered: true, opening_turn: true, payment_due: false, decision: true, changes_requested: true } });
    await tell(user.id, 'payment_reminder', { reference: 'HJ-1448-000043', amount_minor: 100, currency: 'SAR', deadline: '2027-05-01T09:00:00.000Z' });
    expect(await queryRows(sql`select 1 from sms_messages where user_id = ${user.id}`)).toHaveLength(0);
    setMailTransportForTests({ name: 'smtp', send: async () => ({ failed: 'EENVELOPE 550' }) });
    try {
      await deliverMailOutbox();
    } finally {
      setMailTransportForTests(undefined);
    }
    const sent = await sendQueuedSms();
    expect(sent.map((message) => message.kind)).toEqual(['payment_due']);
    expect(sent[0]!.text).toContain('HJ-1448-000043');
    // The text message fails too: the e-mail is not tried again (never both twice).
    expect(await applySmsFallbacks()).toBe(0);
    await queuedAgo(user.id, 11);
    expect(await applySmsFallbacks()).toBe(0);
    expect(await queryRows(sql`select 1 from mail_outbox where user_id = ${user.id}`)).toHaveLength(0);
  });
});
