import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb, queryRows } from '@/lib/server/db/client';
import { resetEnvForTests } from '@/lib/server/env';
import { notify } from '@/lib/server/notifications/notify';
import { deliverSmsOutbox } from '@/lib/server/sms/outbox';
import { setSmsProviderForTests } from '@/lib/server/sms/provider-choice';
import { twilioSignature } from '@/lib/server/sms/twilio';
import { setMailTransportForTests } from '@/lib/server/mail/choose-transport';
import { deliverMailOutbox } from '@/lib/server/mail/outbox';
import type { MailTransport } from '@/lib/server/mail/transport';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { localServer } from '@/test/local-server';
import { sendQueuedMail } from '@/test/mail';
import * as webhookRoute from './route';
import * as notificationsRoute from '../../../notifications/route';

withTestDatabase();

const SITE = 'https://pilgrims.example.org';
const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';
const AUTH_TOKEN = 'twilio-auth-token-receipts';
const CALLBACK = `${SITE}/api/v1/webhooks/sms/twilio`;

// A local Twilio that creates each message with a SID of its own, as its Messages API answers.
let twilio: Awaited<ReturnType<typeof localServer>>;
let sids = 0;
const saved: Record<string, string | undefined> = {};
const settings = { APP_URL: SITE, SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: AUTH_TOKEN, TWILIO_FROM: '+14155550100' };
beforeAll(async () => {
  twilio = await localServer(() => {
    sids += 1;
    return { status: 201, json: { sid: `SM${String(sids).padStart(32, '0')}`, status: 'queued', num_segments: '1', error_code: null } };
  });
  for (const [key, value] of Object.entries({ ...settings, TWILIO_API_URL: twilio.url })) {
    saved[key] = process.env[key];
    process.env[key] = value;
  }
  resetEnvForTests();
  setSmsProviderForTests(undefined);
});
afterAll(async () => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvForTests();
  setSmsProviderForTests(undefined);
  await twilio.close();
});

let numbers = 0;
/** A pilgrim with a confirmed number, told that a place is offered: the SMS goes to the local Twilio. */
async function toldByTwilio() {
  numbers += 1;
  const phone = `+96658${String(Date.now() % 1000).padStart(3, '0')}${String(numbers).padStart(4, '0')}`;
  const { user, token } = await newUser();
  await queryRows(sql`update users set phone = ${phone}, phone_confirmed_at = now(), locale = 'en' where id = ${user.id}`);
  const db = await getDb();
  await db.transaction((tx) =>
    notify(tx, { userId: user.id, type: 'place_offered', params: { reference: `HJ-1448-${String(numbers).padStart(6, '0')}`, deadline: '2027-05-01T09:00:00.000Z' } }),
  );
  await deliverSmsOutbox();
  const [row] = await queryRows<{ provider_id: string; state: string }>(sql`select provider_id, state from sms_messages where user_id = ${user.id}`);
  return { user, token, sid: row!.provider_id, state: row!.state };
}

function callback(fields: Record<string, string>, { signed = true, url = CALLBACK } = {}) {
  return call(webhookRoute.POST, {
    path: '/api/v1/webhooks/sms/twilio',
    params: { provider: 'twilio' },
    as: 'urlencoded',
    body: fields,
    headers: signed ? { 'x-twilio-signature': twilioSignature(AUTH_TOKEN, url, fields) } : {},
  });
}
const status = (sid: string, MessageStatus: string, ErrorCode?: string) => ({
  AccountSid: ACCOUNT_SID,
  MessageSid: sid,
  MessageStatus,
  To: '+966500000000',
  ...(ErrorCode ? { ErrorCode } : {}),
});
const stateOf = async (sid: string) =>
  (await queryRows<{ state: string; last_error: string | null }>(sql`select state, last_error from sms_messages where provider_id = ${sid}`))[0]!;

describe('SMS delivery receipts (Twilio status callbacks)', () => {
  it('a signed receipt moves the state: sent, then delivered; GET /notifications shows it', async () => {
    const { token, sid, state } = await toldByTwilio();
    expect(state).toBe('sent');
    expect(sid).toMatch(/^SM\d{32}$/);
    expect((await callback(status(sid, 'delivered'))).status).toBe(204);
    expect((await stateOf(sid)).state).toBe('delivered');
    const list = await call(notificationsRoute.GET, { token, locale: 'en' });
    const offered = list.json!.data.find((item: { type: string }) => item.type === 'place_offered');
    expect(offered.deliveries).toEqual(expect.arrayContaining([{ channel: 'sms', state: 'delivered', at: expect.any(String) }]));
  });

  it('an unsigned, forged or re-addressed receipt is refused (403) and changes nothing', async () => {
    const { sid } = await toldByTwilio();
    expect((await callback(status(sid, 'delivered'), { signed: false })).status).toBe(403);
    const forged = await call(webhookRoute.POST, {
      path: '/api/v1/webhooks/sms/twilio',
      params: { provider: 'twilio' },
      as: 'urlencoded',
      body: status(sid, 'delivered'),
      headers: { 'x-twilio-signature': twilioSignature('another-token', CALLBACK, status(sid, 'delivered')) },
    });
    expect(forged.status).toBe(403);
    // Signed for another address than the site's own (APP_URL): not the callback Twilio was given.
    expect((await callback(status(sid, 'delivered'), { url: 'https://elsewhere.example/api/v1/webhooks/sms/twilio' })).status).toBe(403);
    expect((await stateOf(sid)).state).toBe('sent');
    // Receipts of a provider not in use, or of none: nothing is believed.
    const unifonic = await call(webhookRoute.POST, { params: { provider: 'unifonic' }, as: 'urlencoded', body: { MessageID: '1', DLR: 'Delivered' } });
    expect(unifonic.status).toBe(403);
    expect((await call(webhookRoute.POST, { params: { provider: 'nexmo' }, as: 'urlencoded', body: {} })).status).toBe(404);
  });

  it('idempotent: a replayed or late receipt never moves the state back', async () => {
    const { sid } = await toldByTwilio();
    expect((await callback(status(sid, 'delivered'))).status).toBe(204);
    const [before] = await queryRows<{ at: string }>(sql`select state_at::text as at from sms_messages where provider_id = ${sid}`);
    expect((await callback(status(sid, 'delivered'))).status).toBe(204);
    expect((await callback(status(sid, 'sent'))).status).toBe(204);
    expect((await callback(status(sid, 'undelivered', '30003'))).status).toBe(204);
    expect(await stateOf(sid)).toEqual({ state: 'delivered', last_error: null });
    expect((await queryRows<{ at: string }>(sql`select state_at::text as at from sms_messages where provider_id = ${sid}`))[0]!.at).toBe(before!.at);
  });

  it('undelivered for now (an unreachable handset), then delivered; undelivered for good (a landline)', async () => {
    const first = await toldByTwilio();
    await callback(status(first.sid, 'undelivered', '30003'));
    expect(await stateOf(first.sid)).toEqual({ state: 'failed_temporary', last_error: '30003' });
    await callback(status(first.sid, 'delivered'));
    expect((await stateOf(first.sid)).state).toBe('delivered');
    const second = await toldByTwilio();
    await callback(status(second.sid, 'undelivered', '30006'));
    expect(await stateOf(second.sid)).toEqual({ state: 'failed_permanent', last_error: '30006' });
  });
});

describe('e-mail deliveries from the SMTP server answer', () => {
  it('queued, then sent when the server took it; a 5xx refusal is a permanent failure, a 4xx a temporary one', async () => {
    const { user, token } = await newUser();
    await sendQueuedMail();
    const db = await getDb();
    const tell = (reference: string) =>
      db.transaction((tx) => notify(tx, { userId: user.id, type: 'payment_succeeded', params: { reference, amount_minor: 100, currency: 'SAR' } }));
    const deliveriesOf = async () => {
      const list = await call(notificationsRoute.GET, { token });
      return Object.fromEntries(list.json!.data.map((item: { body: string; deliveries: { channel: string; state: string }[] }) => [item.body.match(/HJ-\d+-\d+/)?.[0], item.deliveries]));
    };
    await tell('HJ-1448-900001');
    expect((await deliveriesOf())['HJ-1448-900001']).toEqual([{ channel: 'email', state: 'queued', at: expect.any(String) }]);
    await sendQueuedMail();
    expect((await deliveriesOf())['HJ-1448-900001']).toEqual([{ channel: 'email', state: 'sent', at: expect.any(String) }]);

    const answering = (answer: Awaited<ReturnType<MailTransport['send']>>): MailTransport => ({ name: 'smtp', send: async () => answer });
    await tell('HJ-1448-900002');
    setMailTransportForTests(answering({ retry: 'ECONNECTION 421' }));
    await deliverMailOutbox();
    expect((await deliveriesOf())['HJ-1448-900002']).toEqual([{ channel: 'email', state: 'failed_temporary', at: expect.any(String) }]);
    await queryRows(sql`update mail_outbox set next_attempt_at = now() where notification_id is not null and user_id = ${user.id}`);
    setMailTransportForTests(answering({ failed: 'EENVELOPE 550' }));
    await deliverMailOutbox();
    setMailTransportForTests(undefined);
    expect((await deliveriesOf())['HJ-1448-900002']).toEqual([{ channel: 'email', state: 'failed_permanent', at: expect.any(String) }]);
    // Refused for good: not tried again.
    expect(await queryRows(sql`select 1 from mail_outbox where user_id = ${user.id}`)).toHaveLength(0);
  });
});
