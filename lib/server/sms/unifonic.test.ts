import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localServer, type Answer, type Received } from '@/test/local-server';
import { unifonicProvider } from './unifonic';

const APP_SID = 'axuN0U7QlmqV1234goK0mZFgdzG816p';
const SECRET = 'unifonic-dlr-secret-7a41c0';
const WEBHOOK = `https://pilgrims.example.org/api/v1/webhooks/sms/unifonic?key=${SECRET}`;

/** Unifonic's answer: {success, message, errorCode, data}. */
const unifonic = (success: boolean, errorCode: string, message: string, data: unknown = null): Answer => ({
  status: 200,
  json: { success, message, errorCode, data },
});

// The local Unifonic: AppSid checked; numbers that stand for the documented non-delivery errors answer them.
function unifonicAnswer(request: Received): Answer | 'hang-up' {
  if (request.method !== 'POST' || request.path !== '/rest/SMS/messages') return { status: 404, body: 'Not Found' };
  if (request.form.get('AppSid') !== APP_SID) return unifonic(false, 'ER-10', 'Invalid AppSid');
  const recipient = request.form.get('Recipient');
  if (recipient === '96650000') return unifonic(false, 'ER-04', 'Invalid destination number (too short)');
  if (recipient === '966500000001') return unifonic(false, 'ER-01', 'No rate found or insufficient funds');
  if (recipient === '966500000008') return unifonic(false, 'ER-08', 'Invalid Sender ID');
  if (recipient === '966500000007') return unifonic(false, 'ER-07', 'Message filtered');
  if (recipient === '966500000503') return { status: 503, body: 'Service Unavailable' };
  if (recipient === '966500000000') return 'hang-up';
  return unifonic(true, 'ER-00', '', {
    MessageID: 48000004,
    CorrelationID: request.form.get('CorrelationID'),
    Status: 'Queued',
    NumberOfUnits: 1,
    Cost: 0.04,
    Balance: '150.25',
    Recipient: recipient,
    TimeCreated: '2026-12-02 12:00:00',
    CurrencyCode: 'SAR',
  });
}

let server: Awaited<ReturnType<typeof localServer>>;
beforeAll(async () => {
  server = await localServer(unifonicAnswer);
});
afterAll(() => server.close());

const provider = (overrides: Partial<Parameters<typeof unifonicProvider>[0]> = {}) =>
  unifonicProvider({ appSid: APP_SID, senderId: 'Labbaik', webhookSecret: SECRET, apiUrl: server.url, ...overrides });
const message = (to: string) => ({ to, text: 'Your turn in the Hajj queue: enter within 15 min', kind: 'opening_turn', reference: '42' });

describe('the Unifonic adapter against a server that answers as Unifonic documents', () => {
  it('posts AppSid, SenderID, the number without +, Body, JSON and our id as CorrelationID, and keeps the MessageID', async () => {
    expect(await provider().send(message('+966501234567'))).toEqual({ sent: '48000004' });
    const sent = server.received.at(-1)!;
    expect(sent.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(sent.form)).toEqual({
      AppSid: APP_SID,
      SenderID: 'Labbaik',
      Recipient: '966501234567',
      Body: 'Your turn in the Hajj queue: enter within 15 min',
      responseType: 'JSON',
      CorrelationID: '42',
    });
  });

  it('a number Unifonic refuses (ER-04) or a message it filters (ER-07) is a permanent failure', async () => {
    expect(await provider().send(message('+96650000'))).toEqual({ failed: 'unifonic 200 ER-04' });
    expect(await provider().send(message('+966500000007'))).toEqual({ failed: 'unifonic 200 ER-07' });
  });

  it("the office's own trouble (no funds ER-01, the sender ER-08, a wrong AppSid), a 503, a hang-up and no server are retried", async () => {
    expect(await provider().send(message('+966500000001'))).toEqual({ retry: 'unifonic 200 ER-01' });
    expect(await provider().send(message('+966500000008'))).toEqual({ retry: 'unifonic 200 ER-08' });
    expect(await provider({ appSid: 'wrong' }).send(message('+966501234567'))).toEqual({ retry: 'unifonic 200 ER-10' });
    expect(await provider().send(message('+966500000503'))).toEqual({ retry: 'unifonic 503' });
    expect(await provider().send(message('+966500000000'))).toEqual({ retry: 'unifonic unreachable' });
    expect(await provider({ apiUrl: 'http://127.0.0.1:9' }).send(message('+966501234567'))).toEqual({ retry: 'unifonic unreachable' });
  });
});

describe('Unifonic delivery receipts (the DLR webhook)', () => {
  const receipt = (dlr: string, url = WEBHOOK) => ({
    url,
    headers: new Headers(),
    fields: { MessageID: '48000004', DLR: dlr, Recipient: '966501234567', TimeCreated: '2026-12-02 15:00:00', SCTS: '2026-12-02 12:00:05', DLRTimestamp: '2026-12-02 12:00:06' },
  });

  it('with our secret in its URL: Delivered and Undeliverable, at the network time (SCTS)', () => {
    expect(provider().readReceipt(receipt('Delivered'))).toEqual({ providerId: '48000004', state: 'delivered', at: new Date('2026-12-02T12:00:05Z'), error: null });
    expect(provider().readReceipt(receipt('Undeliverable'))).toMatchObject({ state: 'failed_permanent', error: 'undeliverable' });
    expect(provider().readReceipt(receipt('Pending'))).toBeNull();
  });

  it('without the secret, or with another, nothing is believed', () => {
    expect(provider().readReceipt(receipt('Delivered', 'https://pilgrims.example.org/api/v1/webhooks/sms/unifonic'))).toBeNull();
    expect(provider().readReceipt(receipt('Delivered', 'https://pilgrims.example.org/api/v1/webhooks/sms/unifonic?key=guess'))).toBeNull();
    expect(provider({ webhookSecret: 'another-secret-0000' }).readReceipt(receipt('Delivered'))).toBeNull();
  });
});
