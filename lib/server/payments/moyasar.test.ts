import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/server/http/errors';
import { moyasarProvider, readMoyasarConfig } from './moyasar';

const API = 'https://api.moyasar.com/v1';
const SECRET_KEY = 'sk_test_9fQv2LrW7kXe3pNsYhT4';
const WEBHOOK_SECRET = 'whsec-moyasar-portal-0c1d2e';
const config = { secretKey: SECRET_KEY, publishableKey: 'pk_test_Ab12Cd34', webhookSecret: WEBHOOK_SECRET };
const moyasar = moyasarProvider(config);

const INVOICE_ID = '1b82356d-b5fd-46f8-bde9-3680d62f289a';
const PAYMENT_ID = 'c7a1e0b6-4f1e-4f4a-9d1e-0a3c5e7f9b21';
const INVOICE_URL = `https://checkout.moyasar.com/invoices/${INVOICE_ID}`;

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A payment object as Moyasar documents it (inside an invoice's payments[]). */
function payment(overrides: Record<string, unknown> = {}, source: Record<string, unknown> = {}) {
  return {
    id: PAYMENT_ID,
    status: 'paid',
    amount: 35000,
    fee: 0,
    currency: 'SAR',
    refunded: 0,
    refunded_at: null,
    captured: 0,
    captured_at: null,
    voided_at: null,
    description: 'REQ-2026-0042',
    amount_format: '350.00 SAR',
    fee_format: '0.00 SAR',
    invoice_id: INVOICE_ID,
    ip: '203.0.113.7',
    callback_url: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:01:00.000Z',
    metadata: null,
    source: {
      type: 'creditcard',
      company: 'visa',
      name: 'Abdullah Alharbi',
      number: '4111-11XX-XXXX-1111',
      gateway_id: 'moyasar_cc_ce1iUidxhrh74257S891wvW',
      reference_number: '125478454231',
      message: 'APPROVED',
      ...source,
    },
    ...overrides,
  };
}

/** An invoice as Moyasar answers it. */
function invoice(overrides: Record<string, unknown> = {}) {
  return {
    id: INVOICE_ID,
    status: 'initiated',
    amount: 35000,
    currency: 'SAR',
    description: 'REQ-2026-0042',
    logo_url: null,
    amount_format: '350.00 SAR',
    url: INVOICE_URL,
    callback_url: null,
    success_url: 'https://portal.example/en/check-payment?payment_id=p1',
    back_url: 'https://portal.example/en/check-payment?payment_id=p1',
    expired_at: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    payments: [],
    metadata: { payment_id: 'p1' },
    ...overrides,
  };
}

function onInvoice(body: unknown, status = 200) {
  server.use(http.get(`${API}/invoices/${INVOICE_ID}`, () => HttpResponse.json(body as Record<string, unknown>, { status })));
}

function webhook(body: unknown) {
  const text = JSON.stringify(body);
  return moyasar.verifyWebhook(new Request('https://portal.example/api/v1/webhooks/payments/moyasar', { method: 'POST', body: text }), text);
}

function event(overrides: Record<string, unknown> = {}) {
  return {
    id: 'f4a2b7c0-52d4-4d6d-9b6a-3e4f5a6b7c8d',
    type: 'payment_paid',
    created_at: '2026-03-01T10:01:00.000Z',
    secret_token: WEBHOOK_SECRET,
    account_name: null,
    live: false,
    data: payment(),
    ...overrides,
  };
}

const basicAuth = `Basic ${Buffer.from(`${SECRET_KEY}:`).toString('base64')}`;

describe('moyasarProvider.createPayment', () => {
  it('creates an invoice with Basic auth, the amount in halalas and the return URL, and answers its url and id', async () => {
    let seen: { authorization: string | null; contentType: string | null; body: unknown } | null = null;
    server.use(
      http.post(`${API}/invoices`, async ({ request }) => {
        seen = { authorization: request.headers.get('authorization'), contentType: request.headers.get('content-type'), body: await request.json() };
        return HttpResponse.json(invoice(), { status: 201 });
      }),
    );

    const returnUrl = 'https://portal.example/en/check-payment?payment_id=p1';
    const answer = await moyasar.createPayment({
      paymentId: 'p1',
      amountMinor: 35000,
      currency: 'SAR',
      description: 'REQ-2026-0042',
      returnUrl,
      callbackUrl: 'https://portal.example/api/v1/webhooks/payments/moyasar',
    });

    expect(answer).toEqual({ providerPaymentId: INVOICE_ID, redirectUrl: INVOICE_URL });
    expect(seen!.authorization).toBe(basicAuth);
    expect(seen!.contentType).toBe('application/json');
    expect(seen!.body).toEqual({
      amount: 35000,
      currency: 'SAR',
      description: 'REQ-2026-0042',
      success_url: returnUrl,
      back_url: returnUrl,
      metadata: { payment_id: 'p1' },
    });
  });

  it('turns a 400 into an Error with Moyasar\'s type and message', async () => {
    server.use(
      http.post(`${API}/invoices`, () =>
        HttpResponse.json({ type: 'invalid_request_error', message: 'Validation Failed', errors: { amount: ['must be greater than or equal to 100'] } }, { status: 400 }),
      ),
    );
    const start = moyasar.createPayment({ paymentId: 'p1', amountMinor: 50, currency: 'SAR', description: 'x', returnUrl: 'https://portal.example/r', callbackUrl: 'https://portal.example/w' });
    await expect(start).rejects.toThrow(/400.*invalid_request_error.*Validation Failed/);
  });
});

describe('moyasarProvider.fetchPayment', () => {
  it('asks for the invoice with Basic auth and maps paid, with the card\'s last four digits', async () => {
    let authorization: string | null = null;
    server.use(
      http.get(`${API}/invoices/${INVOICE_ID}`, ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json(invoice({ status: 'paid', payments: [payment({ status: 'failed' }, { number: '4000-00XX-XXXX-0002', message: 'DECLINED' }), payment()] }));
      }),
    );

    expect(await moyasar.fetchPayment(INVOICE_ID)).toEqual({
      id: INVOICE_ID,
      status: 'paid',
      amountMinor: 35000,
      currency: 'SAR',
      failureReason: null,
      cardLast4: '1111',
    });
    expect(authorization).toBe(basicAuth);
  });

  it('takes the amount as given, so that the portal can compare it', async () => {
    onInvoice(invoice({ status: 'paid', amount: 100, payments: [payment({ amount: 100 })] }));

    expect(await moyasar.fetchPayment(INVOICE_ID)).toMatchObject({ status: 'paid', amountMinor: 100, currency: 'SAR' });
  });

  it('reports the amount the paid payment took when it differs from the invoice', async () => {
    onInvoice(invoice({ status: 'paid', amount: 35000, payments: [payment({ amount: 100 })] }));

    expect(await moyasar.fetchPayment(INVOICE_ID)).toMatchObject({ status: 'paid', amountMinor: 100 });
  });

  it('maps an initiated invoice to pending, even after a declined attempt', async () => {
    onInvoice(invoice({ status: 'initiated', payments: [payment({ status: 'failed' }, { message: 'DECLINED' })] }));

    expect(await moyasar.fetchPayment(INVOICE_ID)).toEqual({ id: INVOICE_ID, status: 'pending', amountMinor: 35000, currency: 'SAR', failureReason: null, cardLast4: null });
  });

  it('maps a failed invoice to failed with the reason of its last attempt', async () => {
    onInvoice(invoice({ status: 'failed', payments: [payment({ status: 'failed' }, { number: '4000-00XX-XXXX-9995', message: 'INSUFFICIENT FUNDS' })] }));

    expect(await moyasar.fetchPayment(INVOICE_ID)).toMatchObject({ status: 'failed', failureReason: 'insufficient_funds', cardLast4: '9995' });
  });

  it('maps a declined attempt to "declined"', async () => {
    onInvoice(invoice({ status: 'failed', payments: [payment({ status: 'failed' }, { message: 'DECLINED' })] }));

    expect(await moyasar.fetchPayment(INVOICE_ID)).toMatchObject({ status: 'failed', failureReason: 'declined' });
  });

  it.each(['expired', 'canceled'])('maps an %s invoice to failed with that reason', async (status) => {
    onInvoice(invoice({ status }));

    expect(await moyasar.fetchPayment(INVOICE_ID)).toMatchObject({ status: 'failed', failureReason: status, cardLast4: null });
  });

  it('turns a 401 into an Error that names the status and Moyasar\'s message, never the secret key', async () => {
    onInvoice({ type: 'authentication_error', message: 'Invalid authorization credentials', errors: null }, 401);

    const error = await moyasar.fetchPayment(INVOICE_ID).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/401.*authentication_error.*Invalid authorization credentials/);
    expect((error as Error).message).not.toContain(SECRET_KEY);
    expect(String((error as Error).stack)).not.toContain(SECRET_KEY);
    expect((error as Error).cause).toBeUndefined();
  });

  it('keeps the secret key out of the message even if Moyasar echoes it', async () => {
    onInvoice({ type: 'authentication_error', message: `Invalid key ${SECRET_KEY}` }, 401);

    await expect(moyasar.fetchPayment(INVOICE_ID)).rejects.toThrow(/401/);
    await expect(moyasar.fetchPayment(INVOICE_ID)).rejects.not.toThrow(SECRET_KEY);
  });

  it('turns a 500 without a JSON body into an Error with the status', async () => {
    server.use(http.get(`${API}/invoices/${INVOICE_ID}`, () => new HttpResponse('<html>oops</html>', { status: 500, statusText: 'Internal Server Error' })));

    await expect(moyasar.fetchPayment(INVOICE_ID)).rejects.toThrow(/500/);
  });
});

describe('moyasarProvider.verifyWebhook', () => {
  it('accepts the right secret_token and answers the invoice id of the payment', async () => {
    expect(await webhook(event())).toEqual({ providerPaymentId: INVOICE_ID });
  });

  it.each([
    ['a wrong secret_token', event({ secret_token: 'whsec-moyasar-portal-0c1d2f' })],
    ['a secret_token of another length', event({ secret_token: WEBHOOK_SECRET + 'x' })],
    ['an empty secret_token', event({ secret_token: '' })],
    ['no secret_token', event({ secret_token: undefined })],
    ['a secret_token that is not a string', event({ secret_token: 42 })],
  ])('refuses %s with a 403', async (_label, body) => {
    const error = await webhook(body).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'forbidden', status: 403 });
  });

  it('refuses a body that is not JSON with a 403', async () => {
    const request = new Request('https://portal.example/api/v1/webhooks/payments/moyasar', { method: 'POST', body: 'secret_token=x' });
    await expect(moyasar.verifyWebhook(request, 'secret_token=x')).rejects.toMatchObject({ code: 'forbidden', status: 403 });
  });

  it('refuses an authentic event about a payment without an invoice as a bad request', async () => {
    await expect(webhook(event({ data: payment({ invoice_id: null }) }))).rejects.toMatchObject({ code: 'bad_request', status: 400 });
  });
});

// Authorise, then capture (docs.moyasar.com, "Payment Flows", "Manual Payments"): an
// authorised payment is `authorized`; capture → `captured`; void → `voided`.
const authorised = (overrides: Record<string, unknown> = {}) => payment({ status: 'authorized', ...overrides });

describe('moyasarProvider: authorised payments', () => {
  it('fetchPayment maps an invoice whose payment is authorised to authorized, with its amount and card', async () => {
    onInvoice(invoice({ status: 'initiated', payments: [payment({ id: 'declined', status: 'failed' }), authorised()] }));

    expect(await moyasar.fetchPayment(INVOICE_ID)).toEqual({
      id: INVOICE_ID,
      status: 'authorized',
      amountMinor: 35000,
      currency: 'SAR',
      failureReason: null,
      cardLast4: '1111',
      // When it was authorised: what the portal compares with the end of the hold.
      authorizedAt: new Date('2026-03-01T10:01:00.000Z'),
    });
  });

  it('capturePayment captures the authorised payment for the amount, with Basic auth, and answers paid', async () => {
    let seen: { authorization: string | null; body: unknown } | null = null;
    onInvoice(invoice({ payments: [authorised()] }));
    server.use(
      http.post(`${API}/payments/${PAYMENT_ID}/capture`, async ({ request }) => {
        seen = { authorization: request.headers.get('authorization'), body: await request.json() };
        return HttpResponse.json(payment({ status: 'captured', captured: 35000, captured_at: '2026-03-01T10:02:00.000Z' }));
      }),
    );

    expect(await moyasar.capturePayment(INVOICE_ID, 35000)).toEqual({ id: INVOICE_ID, status: 'paid', amountMinor: 35000, currency: 'SAR', failureReason: null, cardLast4: '1111' });
    expect(seen).toEqual({ authorization: basicAuth, body: { amount: 35000 } });
  });

  it('capturePayment on an invoice already captured answers paid without capturing again', async () => {
    let posted = false;
    onInvoice(invoice({ status: 'paid', payments: [payment({ status: 'captured', captured: 35000 })] }));
    server.use(
      http.post(`${API}/payments/${PAYMENT_ID}/capture`, () => {
        posted = true;
        return HttpResponse.json({}, { status: 400 });
      }),
    );

    expect((await moyasar.capturePayment(INVOICE_ID, 35000)).status).toBe('paid');
    expect(posted).toBe(false);
  });

  it('a refused capture releases the authorisation and answers failed, capture_failed', async () => {
    let voided = false;
    onInvoice(invoice({ payments: [authorised()] }));
    server.use(
      http.post(`${API}/payments/${PAYMENT_ID}/capture`, () =>
        HttpResponse.json({ type: 'invalid_request_error', message: 'Payment authorization has expired' }, { status: 400 }),
      ),
      http.post(`${API}/payments/${PAYMENT_ID}/void`, () => {
        voided = true;
        return HttpResponse.json(payment({ status: 'voided', voided_at: '2026-03-01T10:02:00.000Z' }));
      }),
    );

    expect(await moyasar.capturePayment(INVOICE_ID, 35000)).toMatchObject({ status: 'failed', failureReason: 'capture_failed' });
    expect(voided).toBe(true);
  });

  it('a capture Moyasar cannot answer (500) throws: nothing is known, nothing is voided', async () => {
    let voided = false;
    onInvoice(invoice({ payments: [authorised()] }));
    server.use(
      http.post(`${API}/payments/${PAYMENT_ID}/capture`, () => new HttpResponse('upstream error', { status: 500 })),
      http.post(`${API}/payments/${PAYMENT_ID}/void`, () => {
        voided = true;
        return HttpResponse.json(payment({ status: 'voided' }));
      }),
    );

    await expect(moyasar.capturePayment(INVOICE_ID, 35000)).rejects.toThrow(/capture answered 500/);
    expect(voided).toBe(false);
  });

  it('voidPayment voids the authorised payment and answers failed, voided', async () => {
    let seen: string | null = null;
    onInvoice(invoice({ payments: [authorised()] }));
    server.use(
      http.post(`${API}/payments/${PAYMENT_ID}/void`, ({ request }) => {
        seen = request.headers.get('authorization');
        return HttpResponse.json(payment({ status: 'voided', voided_at: '2026-03-01T10:02:00.000Z' }));
      }),
    );

    expect(await moyasar.voidPayment(INVOICE_ID)).toMatchObject({ status: 'failed', failureReason: 'voided' });
    expect(seen).toBe(basicAuth);
  });

  it('voidPayment on an invoice with nothing authorised voids nothing and answers its word (paid, if the payer was quicker)', async () => {
    let posted = false;
    server.use(
      http.post(`${API}/payments/${PAYMENT_ID}/void`, () => {
        posted = true;
        return HttpResponse.json({}, { status: 400 });
      }),
    );
    onInvoice(invoice({ status: 'initiated' }));
    expect((await moyasar.voidPayment(INVOICE_ID)).status).toBe('pending');
    onInvoice(invoice({ status: 'paid', payments: [payment()] }));
    expect((await moyasar.voidPayment(INVOICE_ID)).status).toBe('paid');
    expect(posted).toBe(false);
  });
});

describe('moyasarProvider.refundPayment', () => {
  it('refunds the paid payment inside the invoice, for the amount', async () => {
    let seen: { authorization: string | null; body: unknown } | null = null;
    onInvoice(invoice({ status: 'paid', payments: [payment({ id: 'failed-attempt', status: 'failed' }), payment()] }));
    server.use(
      http.post(`${API}/payments/${PAYMENT_ID}/refund`, async ({ request }) => {
        seen = { authorization: request.headers.get('authorization'), body: await request.json() };
        return HttpResponse.json(payment({ status: 'refunded', refunded: 35000, refunded_at: '2026-03-02T09:00:00.000Z' }));
      }),
    );

    await moyasar.refundPayment(INVOICE_ID, 35000);

    expect(seen).toEqual({ authorization: basicAuth, body: { amount: 35000 } });
  });

  it('answers quietly when the invoice was already refunded', async () => {
    let posted = false;
    onInvoice(invoice({ status: 'refunded', payments: [payment({ status: 'refunded', refunded: 35000 })] }));
    server.use(
      http.post(`${API}/payments/${PAYMENT_ID}/refund`, () => {
        posted = true;
        return HttpResponse.json({}, { status: 400 });
      }),
    );

    await expect(moyasar.refundPayment(INVOICE_ID, 35000)).resolves.toBeUndefined();
    expect(posted).toBe(false);
  });

  it('gives back more of a payment partly refunded before (a package change), only what was not given back yet', async () => {
    let seen: unknown = null;
    onInvoice(invoice({ status: 'paid', payments: [payment({ status: 'refunded', refunded: 5000 })] }));
    server.use(
      http.post(`${API}/payments/${PAYMENT_ID}/refund`, async ({ request }) => {
        seen = await request.json();
        return HttpResponse.json(payment({ status: 'refunded', refunded: 15000 }));
      }),
    );

    await moyasar.refundPayment(INVOICE_ID, 10000, 5000);

    expect(seen).toEqual({ amount: 10000 });
  });

  it('answers quietly when that refund was made already (a retry after a lost answer): never twice', async () => {
    let posted = false;
    onInvoice(invoice({ status: 'paid', payments: [payment({ status: 'refunded', refunded: 15000 })] }));
    server.use(
      http.post(`${API}/payments/${PAYMENT_ID}/refund`, () => {
        posted = true;
        return HttpResponse.json({}, { status: 400 });
      }),
    );

    await expect(moyasar.refundPayment(INVOICE_ID, 10000, 5000)).resolves.toBeUndefined();
    expect(posted).toBe(false);
  });

  it('fails when the invoice has no paid payment', async () => {
    onInvoice(invoice({ status: 'initiated' }));

    await expect(moyasar.refundPayment(INVOICE_ID, 35000)).rejects.toThrow(/no paid payment/);
  });

  it('passes on a refused refund as an Error', async () => {
    onInvoice(invoice({ status: 'paid', payments: [payment()] }));
    server.use(
      http.post(`${API}/payments/${PAYMENT_ID}/refund`, () =>
        HttpResponse.json({ type: 'invalid_request_error', message: 'Payment cannot be refunded' }, { status: 400 }),
      ),
    );

    await expect(moyasar.refundPayment(INVOICE_ID, 35000)).rejects.toThrow(/400.*Payment cannot be refunded/);
  });
});

describe('readMoyasarConfig', () => {
  const all = { MOYASAR_SECRET_KEY: SECRET_KEY, MOYASAR_PUBLISHABLE_KEY: 'pk_test_Ab12Cd34', MOYASAR_WEBHOOK_SECRET: WEBHOOK_SECRET };

  it('answers the keys and the default API URL when all three are set', () => {
    expect(readMoyasarConfig(all)).toEqual({ secretKey: SECRET_KEY, publishableKey: 'pk_test_Ab12Cd34', webhookSecret: WEBHOOK_SECRET, baseUrl: API });
  });

  it('takes the API URL from MOYASAR_API_URL', () => {
    expect(readMoyasarConfig({ ...all, MOYASAR_API_URL: 'http://127.0.0.1:4010/v1' })?.baseUrl).toBe('http://127.0.0.1:4010/v1');
  });

  it.each(['MOYASAR_SECRET_KEY', 'MOYASAR_PUBLISHABLE_KEY', 'MOYASAR_WEBHOOK_SECRET'] as const)('answers null without %s, missing or empty', (key) => {
    expect(readMoyasarConfig({ ...all, [key]: undefined })).toBeNull();
    expect(readMoyasarConfig({ ...all, [key]: '' })).toBeNull();
  });

  it('answers null for an empty environment', () => {
    expect(readMoyasarConfig({})).toBeNull();
  });

  it('gives a provider that talks to the configured API URL', async () => {
    const local = readMoyasarConfig({ ...all, MOYASAR_API_URL: 'http://127.0.0.1:4010/v1/' })!;
    server.use(http.get(`http://127.0.0.1:4010/v1/invoices/${INVOICE_ID}`, () => HttpResponse.json(invoice())));

    expect(await moyasarProvider(local).fetchPayment(INVOICE_ID)).toMatchObject({ status: 'pending' });
  });
});
