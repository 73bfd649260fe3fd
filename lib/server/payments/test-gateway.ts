import 'server-only';
import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { testGatewayPayments } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import { publicSiteUrl } from '@/lib/server/http/origin';
import { sameSecret } from '@/lib/server/security/same-secret';
import type { GatewayPayment, PaymentProvider } from './provider';
import { appSecret } from './secrets';

// The built-in test gateway: a hosted checkout inside the app (/test-gateway/{id}),
// documented test cards, a redirect back and a signed webhook, like a real one.
// Like Moyasar with manual capture, a card accepted at the checkout is only
// authorised: the portal captures it (the money is taken) or voids it.

export const TEST_CARDS = {
  success: '4111111111111111',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  threeDSecure: '4000000000003220',
  /** Authorised at the checkout, then the capture is refused (as when an authorisation lapses). */
  captureRefused: '4000000000000119',
} as const;
export const TEST_OTP = '123456';

export const SIGNATURE_HEADER = 'x-test-gateway-signature';

const signingKey = () => process.env.TEST_GATEWAY_SECRET || appSecret('test-gateway-signing-key');

export async function signBody(body: string): Promise<string> {
  return createHmac('sha256', await signingKey()).update(body).digest('hex');
}

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

export type CardOutcome = { kind: 'paid' } | { kind: 'failed'; reason: 'declined' | 'insufficient_funds' | 'authentication_failed' } | { kind: 'otp' } | { kind: 'invalid' };

/** What the test gateway does with a card number (and the 3-D Secure code when asked). */
export function cardOutcome(cardNumber: string, otp?: string): CardOutcome {
  const number = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(number) || !luhn(number)) return { kind: 'invalid' };
  if (number === TEST_CARDS.declined) return { kind: 'failed', reason: 'declined' };
  if (number === TEST_CARDS.insufficientFunds) return { kind: 'failed', reason: 'insufficient_funds' };
  if (number === TEST_CARDS.threeDSecure) {
    if (!otp) return { kind: 'otp' };
    return otp === TEST_OTP ? { kind: 'paid' } : { kind: 'failed', reason: 'authentication_failed' };
  }
  return { kind: 'paid' };
}

function sameOrigin(url: string): boolean {
  try {
    return new URL(url).origin === new URL(publicSiteUrl()).origin;
  } catch {
    return false;
  }
}

/** The ledger's word in the portal's terms: a voided or refunded checkout took no money now. */
function asGatewayPayment(row: typeof testGatewayPayments.$inferSelect): GatewayPayment {
  const base = { id: row.id, amountMinor: row.amountMinor, currency: row.currency, failureReason: row.failureReason, cardLast4: row.cardLast4 };
  if (row.status === 'authorized') return { ...base, status: row.status, authorizedAt: row.updatedAt };
  if (row.status === 'paid' || row.status === 'failed' || row.status === 'initiated') return { ...base, status: row.status };
  return { ...base, status: 'failed', failureReason: row.status };
}

async function ledger(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(testGatewayPayments).where(eq(testGatewayPayments.id, id)).limit(1);
  return row;
}

export const testGateway: PaymentProvider = {
  name: 'test',

  async createPayment({ amountMinor, currency, description, returnUrl, callbackUrl }) {
    // Like a real gateway's allow-list of the merchant's domains: it redirects and posts only to the site's own origin.
    if (!sameOrigin(returnUrl) || !sameOrigin(callbackUrl)) throw new ApiError('bad_request');
    const id = `tg_${randomBytes(12).toString('hex')}`;
    const db = await getDb();
    await db.insert(testGatewayPayments).values({ id, amountMinor, currency, description, returnUrl, callbackUrl, status: 'initiated' });
    return { providerPaymentId: id, redirectUrl: `/test-gateway/${id}` };
  },

  async fetchPayment(id): Promise<GatewayPayment> {
    const row = await ledger(id);
    if (!row) throw new Error(`test gateway: unknown payment ${id}`);
    return asGatewayPayment(row);
  },

  async capturePayment(id) {
    const row = await ledger(id);
    if (!row) throw new Error(`test gateway: unknown payment ${id}`);
    const refused = row.cardLast4 === TEST_CARDS.captureRefused.slice(-4);
    const db = await getDb();
    // Only an authorisation still held: one captured already stays paid, one voided stays voided.
    await db
      .update(testGatewayPayments)
      .set(refused ? { status: 'failed', failureReason: 'capture_failed', updatedAt: new Date() } : { status: 'paid', updatedAt: new Date() })
      .where(and(eq(testGatewayPayments.id, id), eq(testGatewayPayments.status, 'authorized')));
    return asGatewayPayment((await ledger(id))!);
  },

  async voidPayment(id) {
    const db = await getDb();
    // Only a checkout nobody paid, or an authorisation not captured: money taken first stays paid (and is reported so).
    await db
      .update(testGatewayPayments)
      .set({ status: 'voided', failureReason: 'voided', updatedAt: new Date() })
      .where(and(eq(testGatewayPayments.id, id), inArray(testGatewayPayments.status, ['initiated', 'authorized'])));
    const row = await ledger(id);
    if (!row) throw new Error(`test gateway: unknown payment ${id}`);
    return asGatewayPayment(row);
  },

  async refundPayment(id) {
    const db = await getDb();
    const [row] = await db
      .update(testGatewayPayments)
      .set({ status: 'refunded', updatedAt: new Date() })
      .where(eq(testGatewayPayments.id, id))
      .returning();
    if (!row) throw new Error(`test gateway: unknown payment ${id}`);
  },

  async verifyWebhook(request, body) {
    const given = request.headers.get(SIGNATURE_HEADER) ?? '';
    const expected = await signBody(body);
    if (!sameSecret(given, expected)) throw new ApiError('forbidden');
    const id = (JSON.parse(body) as { data?: { id?: unknown } }).data?.id;
    if (typeof id !== 'string') throw new ApiError('bad_request');
    return { providerPaymentId: id };
  },
};

/** A checkout that is no longer open: paid (or authorised), failed, or voided (offered to nobody any more). */
function closedOutcome(status: string): { kind: 'paid' } | { kind: 'failed' } | { kind: 'voided' } {
  if (status === 'paid' || status === 'authorized') return { kind: 'paid' };
  if (status === 'failed') return { kind: status };
  return { kind: 'voided' };
}

/** The checkout page's "Pay": authorises the test card (the portal captures it), then tells the app by webhook. */
export async function payOnTestGateway(id: string, cardNumber: string, otp?: string) {
  const row = await ledger(id);
  if (!row) throw new ApiError('not_found');
  if (row.status !== 'initiated') return { outcome: closedOutcome(row.status), returnUrl: row.returnUrl };
  const outcome = cardOutcome(cardNumber, otp);
  if (outcome.kind === 'invalid' || outcome.kind === 'otp') return { outcome, returnUrl: row.returnUrl };
  const db = await getDb();
  // Authorised only while still open: a checkout voided meanwhile (the request was cancelled) holds no money.
  const [charged] = await db
    .update(testGatewayPayments)
    .set({
      status: outcome.kind === 'paid' ? 'authorized' : 'failed',
      failureReason: outcome.kind === 'failed' ? outcome.reason : null,
      cardLast4: cardNumber.replace(/\D/g, '').slice(-4),
      updatedAt: new Date(),
    })
    .where(and(eq(testGatewayPayments.id, id), eq(testGatewayPayments.status, 'initiated')))
    .returning();
  if (!charged) return payOnTestGateway(id, cardNumber, otp);
  await sendWebhook(row.callbackUrl, { type: outcome.kind === 'paid' ? 'payment.authorized' : 'payment.failed', data: { id } });
  return { outcome, returnUrl: row.returnUrl };
}

/** Posts a signed event; a webhook that does not arrive is what reconciliation is for. */
async function sendWebhook(url: string, event: unknown) {
  const body = JSON.stringify(event);
  try {
    await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: await signBody(body) }, body, signal: AbortSignal.timeout(5000) });
  } catch {
    // Logged by the receiving side when it arrives; reconciliation covers a lost one.
  }
}
