import 'server-only';
import { z } from 'zod';
import { ApiError } from '@/lib/server/http/errors';
import { sameSecret } from '@/lib/server/security/same-secret';
import type { GatewayPayment, PaymentProvider } from './provider';

// Moyasar (https://docs.moyasar.com), through its hosted payment page: the
// portal never sees card data. A payment is a Moyasar Invoice: the payer is sent
// to the invoice's `url`, Moyasar takes the card there, and the portal only
// believes what GET /invoices/{id} answers afterwards (never the redirect, never
// the webhook body).
//
// Documented behaviour this follows (docs.moyasar.com):
// - Authentication: HTTP Basic, the secret key as user name and an empty
//   password (`curl -u sk_test_123:`). Publishable keys may only create
//   payments and tokens, so every call here uses the secret key.
// - Amounts are integers in the smallest currency unit (100 halalas = 1 SAR);
//   the minimum is 1 SAR.
// - Create Invoice, POST /v1/invoices: amount, currency (default SAR),
//   description (required); callback_url "an endpoint on your server, for
//   receiving notifications about paid invoices"; success_url "an endpoint on
//   your site that we will redirect to after the customer pays successfully";
//   back_url "… after the user clicks on the back button"; expired_at; metadata.
//   The answer (201) is the invoice: id, status, amount, currency, url, payments[].
// - Fetch Invoice, GET /v1/invoices/{id}. Invoice statuses: initiated, paid,
//   failed, refunded, canceled, on_hold, expired, voided. Its payments[] are
//   payment objects (id, status, amount, currency, source {type, company, name,
//   number (masked), message, …}).
// - Refund Payment, POST /v1/payments/{id}/refund with `amount` (a payment,
//   not an invoice, is what is refunded).
// - Authorise, then capture (docs.moyasar.com, "Payment Flows" and "Manual
//   Payments"): a payment made with `manual: true` is only authorised, status
//   `authorized` instead of `paid`; the amount is held on the card (up to 7
//   days, 14 on mada) until the merchant captures it, POST
//   /v1/payments/{id}/capture (the whole authorised amount by default, or
//   `amount`, never more), status `captured`; or voids it, POST
//   /v1/payments/{id}/void, status `voided`, the hold released. Not captured in
//   time, the authorisation lapses and the money is released.
// - Errors: conventional HTTP statuses (400, 401, 403, 404, 405, 429, 500, 503)
//   with a JSON body { type, message, errors }, e.g. 401 authentication_error.
// - Webhooks (dashboard → Settings → Webhooks): an HTTPS endpoint, a "Secret
//   Token … a password you need to validate on your server to make sure the
//   notification is coming from Moyasar", and the events (payment_paid,
//   payment_failed, payment_refunded, …). The event is JSON
//   { id, type, created_at, secret_token, live, data: <payment object> }; the
//   payment object of an invoice payment has `invoice_id`. (The token's place
//   in the body, `secret_token`, is as Moyasar's webhook payload example shows
//   it; the dashboard guide only says the token is to be checked server-side.)

export type MoyasarConfig = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  baseUrl?: string;
};

export const MOYASAR_API_URL = 'https://api.moyasar.com/v1';

/** Moyasar's settings from the environment, or null unless all three keys are set. */
export function readMoyasarConfig(source: Record<string, string | undefined>): Required<MoyasarConfig> | null {
  const secretKey = source.MOYASAR_SECRET_KEY;
  const publishableKey = source.MOYASAR_PUBLISHABLE_KEY;
  const webhookSecret = source.MOYASAR_WEBHOOK_SECRET;
  if (!secretKey || !publishableKey || !webhookSecret) return null;
  return { secretKey, publishableKey, webhookSecret, baseUrl: source.MOYASAR_API_URL || MOYASAR_API_URL };
}

// An amount as Moyasar answers it: an integer of halalas (old answers quote it as a string).
const amount = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);

const moyasarPayment = z.object({
  id: z.string(),
  status: z.string(),
  amount: amount.optional(),
  currency: z.string().optional(),
  refunded: z.number().nullish(),
  updated_at: z.string().nullish(),
  source: z
    .object({
      type: z.string().nullish(),
      number: z.string().nullish(),
      message: z.string().nullish(),
    })
    .nullish(),
});
type MoyasarPayment = z.infer<typeof moyasarPayment>;

const moyasarInvoice = z.object({
  id: z.string(),
  status: z.string(),
  amount,
  currency: z.string(),
  url: z.string().optional(),
  payments: z.array(moyasarPayment).nullish(),
});
type MoyasarInvoice = z.infer<typeof moyasarInvoice>;

const moyasarError = z.object({ type: z.string().nullish(), message: z.string().nullish() });

/** The card's last four digits from a masked number ("4111-11XX-XXXX-1111"), or null. */
function last4(masked: string | null | undefined): string | null {
  const match = masked?.trim().match(/(\d{4})$/);
  return match ? match[1]! : null;
}

// Payments that took the money: `paid`, or `captured` for an authorization captured later.
const TOOK_MONEY = new Set(['paid', 'captured']);

/** Moyasar's decline message as one of the portal's reason codes (messages.CheckPayment.reasons). */
function declineReason(message: string | null | undefined): string {
  if (!message) return 'failed';
  if (/insufficient/i.test(message)) return 'insufficient_funds';
  if (/3-?d|secure|authenticat/i.test(message)) return 'authentication_failed';
  if (/declin|reject|not permitted|do not honou?r/i.test(message)) return 'declined';
  return 'failed';
}

/** A time as Moyasar writes it (ISO 8601), or null. */
function moment(text: string | null | undefined): Date | null {
  const date = text ? new Date(text) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

// Invoice statuses that close it: whatever its payments say, no money is held for it any more.
const CLOSED = new Set(['paid', 'failed', 'expired', 'canceled', 'refunded', 'voided']);

/** The gateway's own word on an invoice, in the portal's terms. */
function toGatewayPayment(invoice: MoyasarInvoice): GatewayPayment {
  const payments = invoice.payments ?? [];
  const base = { id: invoice.id, amountMinor: invoice.amount, currency: invoice.currency, failureReason: null, cardLast4: null };
  const authorised = payments.find((p) => p.status === 'authorized');
  if (authorised && !CLOSED.has(invoice.status) && !payments.some((p) => TOOK_MONEY.has(p.status))) {
    // Held on the card, not taken: the portal captures or voids it. Its own amount, so a difference is seen.
    return { ...base, status: 'authorized', amountMinor: authorised.amount ?? invoice.amount, currency: authorised.currency ?? invoice.currency, cardLast4: last4(authorised.source?.number), authorizedAt: moment(authorised.updated_at) };
  }
  switch (invoice.status) {
    case 'paid': {
      const taken = payments.find((p) => TOOK_MONEY.has(p.status));
      // The amount is the invoice's, taken as given: the portal compares it with
      // the fee. Should the payment that took the money say otherwise, its word
      // wins, so that a difference is never hidden.
      const amountMinor = taken?.amount ?? invoice.amount;
      const currency = taken?.currency ?? invoice.currency;
      return { ...base, status: 'paid', amountMinor, currency, cardLast4: last4(taken?.source?.number) };
    }
    case 'failed': {
      const lastFailed = payments.filter((p) => p.status === 'failed').at(-1);
      return { ...base, status: 'failed', failureReason: declineReason(lastFailed?.source?.message), cardLast4: last4(lastFailed?.source?.number) };
    }
    case 'expired':
    case 'canceled':
    // Money given back (or an authorization released) before the portal settled: never "paid".
    case 'refunded':
    case 'voided':
      return { ...base, status: 'failed', failureReason: invoice.status };
    default:
      // initiated, on_hold: the payer may still pay (a declined attempt leaves the invoice payable).
      return { ...base, status: 'pending' };
  }
}

export type MoyasarProvider = PaymentProvider & {
  readonly name: 'moyasar';
  capturePayment(providerPaymentId: string, amountMinor: number): Promise<GatewayPayment>;
  voidPayment(providerPaymentId: string): Promise<GatewayPayment>;
  refundPayment(providerPaymentId: string, amountMinor: number, refundedBeforeMinor?: number): Promise<void>;
};

/** An answer Moyasar gave with a status: 4xx other than authentication and rate limits is a refusal of that call. */
class MoyasarRefusal extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}
const refused = (error: unknown) => error instanceof MoyasarRefusal && error.status >= 400 && error.status < 500 && ![401, 403, 429].includes(error.status);

export function moyasarProvider(config: MoyasarConfig): MoyasarProvider {
  const baseUrl = (config.baseUrl || MOYASAR_API_URL).replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${config.secretKey}:`).toString('base64')}`;
  const redact = (text: string) => (config.secretKey ? text.split(config.secretKey).join('[redacted]') : text);

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          Authorization: authorization,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      // Without `cause`: nothing of the request (and its Authorization header) travels on.
      throw new Error(redact(`moyasar: ${method} ${path} failed: ${error instanceof Error ? error.message : String(error)}`));
    }
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (!response.ok) {
      const detail = moyasarError.safeParse(json);
      const type = detail.success ? detail.data.type : null;
      const message = detail.success ? detail.data.message : null;
      const what = [type, message].filter(Boolean).join(': ') || response.statusText || 'no details';
      throw new MoyasarRefusal(redact(`moyasar: ${method} ${path} answered ${response.status}: ${what}`), response.status);
    }
    return json;
  }

  async function getInvoice(id: string): Promise<MoyasarInvoice> {
    const answer = moyasarInvoice.safeParse(await call('GET', `/invoices/${encodeURIComponent(id)}`));
    if (!answer.success) throw new Error(`moyasar: invoice ${id} answered in an unexpected shape`);
    return answer.data;
  }

  return {
    name: 'moyasar',

    async createPayment({ paymentId, amountMinor, currency, description, returnUrl }) {
      // success_url and back_url both bring the payer back to the portal's
      // check-payment page, which asks the server (and so Moyasar) what happened.
      // callback_url is left out on purpose: Moyasar documents it as a server
      // notification about paid invoices, with no secret to authenticate it, so
      // the portal's webhook route (which checks secret_token) could not accept
      // it. Notifications come from the dashboard webhook, which carries the
      // secret token; a lost one is covered by reconciliation.
      const answer = moyasarInvoice.safeParse(
        await call('POST', '/invoices', {
          amount: amountMinor,
          currency,
          description,
          success_url: returnUrl,
          back_url: returnUrl,
          metadata: { payment_id: paymentId },
        }),
      );
      if (!answer.success || !answer.data.url) throw new Error('moyasar: the new invoice answered in an unexpected shape');
      return { providerPaymentId: answer.data.id, redirectUrl: answer.data.url };
    },

    async fetchPayment(providerPaymentId) {
      return toGatewayPayment(await getInvoice(providerPaymentId));
    },

    /**
     * Captures the invoice's authorised payment, all of `amountMinor`. One
     * captured already answers as paid (a retry after a lost answer). Refused
     * (the authorisation lapsed or was voided): the hold is released if it is
     * still there, and the answer is failed, `capture_failed`. Unreachable,
     * or a 5xx: throws, nothing is known.
     */
    async capturePayment(providerPaymentId, amountMinor) {
      const invoice = await getInvoice(providerPaymentId);
      const authorised = (invoice.payments ?? []).find((p) => p.status === 'authorized');
      if (!authorised) return toGatewayPayment(invoice);
      let answer: unknown;
      try {
        answer = await call('POST', `/payments/${encodeURIComponent(authorised.id)}/capture`, { amount: amountMinor });
      } catch (error) {
        if (!refused(error)) throw error;
        await call('POST', `/payments/${encodeURIComponent(authorised.id)}/void`).catch(() => undefined);
        return { id: invoice.id, status: 'failed', amountMinor, currency: invoice.currency, failureReason: 'capture_failed', cardLast4: last4(authorised.source?.number) };
      }
      const captured = moyasarPayment.safeParse(answer);
      if (!captured.success) throw new Error(`moyasar: the capture of invoice ${providerPaymentId} answered in an unexpected shape`);
      if (!TOOK_MONEY.has(captured.data.status)) return toGatewayPayment(await getInvoice(providerPaymentId));
      return {
        id: invoice.id,
        status: 'paid',
        amountMinor: captured.data.amount ?? amountMinor,
        currency: captured.data.currency ?? invoice.currency,
        failureReason: null,
        cardLast4: last4(captured.data.source?.number ?? authorised.source?.number),
      };
    },

    /**
     * Releases the invoice's authorised payment (POST /payments/{id}/void).
     * An invoice with nothing authorised has nothing to void: its word as it
     * stands (an open one ends at `expired_at`; money taken is refunded).
     */
    async voidPayment(providerPaymentId) {
      const invoice = await getInvoice(providerPaymentId);
      const authorised = (invoice.payments ?? []).find((p) => p.status === 'authorized');
      if (!authorised || CLOSED.has(invoice.status)) return toGatewayPayment(invoice);
      const voided = moyasarPayment.safeParse(await call('POST', `/payments/${encodeURIComponent(authorised.id)}/void`));
      if (voided.success && voided.data.status === 'voided') {
        return { id: invoice.id, status: 'failed', amountMinor: invoice.amount, currency: invoice.currency, failureReason: 'voided', cardLast4: last4(authorised.source?.number) };
      }
      return toGatewayPayment(await getInvoice(providerPaymentId));
    },

    async verifyWebhook(_request, body) {
      // The secret token travels in the body (Moyasar does not sign it), so the
      // body is read only as far as that token before anything else is believed.
      let event: unknown;
      try {
        event = JSON.parse(body);
      } catch {
        throw new ApiError('forbidden');
      }
      const fields = event && typeof event === 'object' ? (event as { secret_token?: unknown; data?: unknown }) : {};
      const token = fields.secret_token;
      if (typeof token !== 'string' || !token || !sameSecret(token, config.webhookSecret)) throw new ApiError('forbidden');
      // Authentic: it only says which invoice to ask Moyasar about.
      const data = fields.data && typeof fields.data === 'object' ? (fields.data as { invoice_id?: unknown }) : {};
      if (typeof data.invoice_id !== 'string' || !data.invoice_id) throw new ApiError('bad_request');
      return { providerPaymentId: data.invoice_id };
    },

    /**
     * Gives back `amountMinor` of an invoice's payment: the payment that took the
     * money is found in the invoice, then POST /payments/{payment id}/refund.
     * A payment partly refunded (a package change's refund, issue 57 item 6) can
     * give back more; what it already gave back beyond `refundedBeforeMinor` is
     * this refund, made before a lost answer: a retry answers quietly, as it does
     * for an invoice refunded in full.
     */
    async refundPayment(providerPaymentId, amountMinor, refundedBeforeMinor = 0) {
      const invoice = await getInvoice(providerPaymentId);
      const payments: MoyasarPayment[] = invoice.payments ?? [];
      const partly = (p: MoyasarPayment) => p.status === 'refunded' && (p.refunded ?? 0) < (p.amount ?? 0);
      const taken = payments.find((p) => TOOK_MONEY.has(p.status) || partly(p));
      if (!taken) {
        if (payments.some((p) => p.status === 'refunded')) return;
        throw new Error(`moyasar: invoice ${providerPaymentId} has no paid payment to refund`);
      }
      const owed = refundedBeforeMinor + amountMinor - (taken.refunded ?? 0);
      if (owed <= 0) return;
      await call('POST', `/payments/${encodeURIComponent(taken.id)}/refund`, { amount: owed });
    },
  };
}
