import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localServer, type Answer, type Received } from '@/test/local-server';
import { twilioProvider, twilioSignature } from './twilio';

const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';
const AUTH_TOKEN = 'twilio-auth-token-5d1e9f';
const CALLBACK = 'https://pilgrims.example.org/api/v1/webhooks/sms/twilio';
const MESSAGE_SID = 'SM1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c';

/** A Message resource as Twilio's API answers a create (201), in the documented shape. */
function messageResource(form: URLSearchParams) {
  return {
    account_sid: ACCOUNT_SID,
    api_version: '2010-04-01',
    body: form.get('Body'),
    date_created: 'Wed, 02 Dec 2026 12:00:00 +0000',
    date_sent: null,
    date_updated: 'Wed, 02 Dec 2026 12:00:00 +0000',
    direction: 'outbound-api',
    error_code: null,
    error_message: null,
    from: form.get('From'),
    messaging_service_sid: form.get('MessagingServiceSid'),
    num_media: '0',
    num_segments: '1',
    price: null,
    price_unit: 'USD',
    sid: MESSAGE_SID,
    status: 'queued',
    subresource_uris: { media: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/${MESSAGE_SID}/Media.json` },
    to: form.get('To'),
    uri: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/${MESSAGE_SID}.json`,
  };
}

/** Twilio's error answer: {code, message, more_info, status}. */
const twilioError = (status: number, code: number, message: string): Answer => ({
  status,
  json: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

// The local Twilio: Basic auth checked; numbers that Twilio's documentation uses for its errors answer them.
function twilioAnswer(request: Received): Answer | 'hang-up' {
  const expected = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`;
  if (request.headers.authorization !== expected) return twilioError(401, 20003, 'Authenticate');
  if (request.method !== 'POST' || request.path !== `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`) return twilioError(404, 20404, 'The requested resource was not found');
  const to = request.form.get('To');
  if (to === '+15005550001') return twilioError(400, 21211, "The 'To' number +15005550001 is not a valid phone number.");
  if (to === '+15005550009') return twilioError(400, 21614, "'To' number is not a valid mobile number");
  if (to === '+966500000429') return twilioError(429, 20429, 'Too Many Requests');
  if (to === '+966500000500') return { status: 500, body: '<html>Internal Server Error</html>' };
  if (to === '+966500000000') return 'hang-up';
  return { status: 201, json: messageResource(request.form) };
}

let server: Awaited<ReturnType<typeof localServer>>;
beforeAll(async () => {
  server = await localServer(twilioAnswer);
});
afterAll(() => server.close());

const provider = (overrides: Partial<Parameters<typeof twilioProvider>[0]> = {}) =>
  twilioProvider({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: '+14155550100', apiUrl: server.url, statusCallback: CALLBACK, ...overrides });
const message = (to: string) => ({ to, text: 'دورك الآن في طابور الحج: ادخل خلال ١٥ دقيقة', kind: 'opening_turn', reference: '42' });

describe('the Twilio adapter against a server that answers as Twilio documents', () => {
  it('creates a Message with Basic auth, To, From, Body and the status callback, and keeps its SID', async () => {
    expect(await provider().send(message('+966501234567'))).toEqual({ sent: MESSAGE_SID });
    const sent = server.received.at(-1)!;
    expect(sent.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(sent.form)).toEqual({
      To: '+966501234567',
      From: '+14155550100',
      Body: 'دورك الآن في طابور الحج: ادخل خلال ١٥ دقيقة',
      StatusCallback: CALLBACK,
    });
  });

  it('sends through a Messaging Service when the sender is one (MG…)', async () => {
    const service = 'MG0123456789abcdef0123456789abcdef';
    expect(await provider({ from: service }).send(message('+966501234567'))).toEqual({ sent: MESSAGE_SID });
    const form = server.received.at(-1)!.form;
    expect(form.get('MessagingServiceSid')).toBe(service);
    expect(form.has('From')).toBe(false);
  });

  it('an invalid number (21211) and a number that is no mobile (21614) are permanent failures', async () => {
    expect(await provider().send(message('+15005550001'))).toEqual({ failed: 'twilio 400 21211' });
    expect(await provider().send(message('+15005550009'))).toEqual({ failed: 'twilio 400 21614' });
  });

  it('wrong credentials (401 20003), throttling (429 20429), a server error, a hang-up and an unreachable host are retried', async () => {
    expect(await provider({ authToken: 'wrong' }).send(message('+966501234567'))).toEqual({ retry: 'twilio 401 20003' });
    expect(await provider().send(message('+966500000429'))).toEqual({ retry: 'twilio 429 20429' });
    expect(await provider().send(message('+966500000500'))).toEqual({ retry: 'twilio 500' });
    expect(await provider().send(message('+966500000000'))).toEqual({ retry: 'twilio unreachable' });
    expect(await provider({ apiUrl: 'http://127.0.0.1:9' }).send(message('+966501234567'))).toEqual({ retry: 'twilio unreachable' });
  });
});

describe('Twilio status callbacks', () => {
  const callback = (fields: Record<string, string>, signature?: string) => ({
    url: CALLBACK,
    fields,
    headers: new Headers(signature === undefined ? {} : { 'X-Twilio-Signature': signature }),
  });
  const fields = (status: string, errorCode?: string) => ({
    AccountSid: ACCOUNT_SID,
    ApiVersion: '2010-04-01',
    From: '+14155550100',
    MessageSid: MESSAGE_SID,
    MessageStatus: status,
    SmsSid: MESSAGE_SID,
    SmsStatus: status,
    To: '+966501234567',
    ...(errorCode ? { ErrorCode: errorCode } : {}),
  });
  const signed = (f: Record<string, string>) => callback(f, twilioSignature(AUTH_TOKEN, CALLBACK, f));

  it("signs as Twilio's documentation shows (its worked example)", () => {
    // Twilio's request-validation example (its docs and its libraries' tests): this URL, these parameters, token 12345.
    const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
    const params = { CallSid: 'CA1234567890ABCDE', Caller: '+14158675309', Digits: '1234', From: '+14158675309', To: '+18005551212' };
    expect(twilioSignature('12345', url, params)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
  });

  it('a signed callback gives the state: sent, delivered, undelivered for good or for now', () => {
    const twilio = provider();
    expect(twilio.readReceipt(signed(fields('sent')))).toMatchObject({ providerId: MESSAGE_SID, state: 'sent' });
    expect(twilio.readReceipt(signed(fields('delivered')))).toMatchObject({ providerId: MESSAGE_SID, state: 'delivered', error: null });
    expect(twilio.readReceipt(signed(fields('undelivered', '30006')))).toMatchObject({ state: 'failed_permanent', error: '30006' });
    expect(twilio.readReceipt(signed(fields('undelivered', '30003')))).toMatchObject({ state: 'failed_temporary', error: '30003' });
    expect(twilio.readReceipt(signed(fields('failed')))).toMatchObject({ state: 'failed_permanent' });
    // No news for the pilgrim: queued, sending.
    expect(twilio.readReceipt(signed(fields('sending')))).toBeNull();
  });

  it('an unsigned, forged or altered callback is refused', () => {
    const twilio = provider();
    expect(twilio.readReceipt(callback(fields('delivered')))).toBeNull();
    expect(twilio.readReceipt(callback(fields('delivered'), 'bm90IGEgc2lnbmF0dXJl'))).toBeNull();
    const good = signed(fields('undelivered', '30006'));
    expect(twilio.readReceipt({ ...good, fields: { ...good.fields, MessageStatus: 'delivered' } })).toBeNull();
    expect(twilio.readReceipt({ ...good, url: 'https://elsewhere.example/api/v1/webhooks/sms/twilio' })).toBeNull();
    expect(provider({ authToken: 'another-token' }).readReceipt(signed(fields('delivered')))).toBeNull();
  });
});
