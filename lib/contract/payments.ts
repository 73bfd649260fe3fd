import { z } from '@/lib/validation/z';
import { nullableTimestamp, timestamp, uuid } from './common';

// Paying a request's fee: the payment as its payer sees it, and the outcome a payer without a session may read.

// `kept`: money of a closed request that stays with the office, as the rules say (a deposit after a missed instalment,
// docs/INSTALMENTS.md) or as two members of the office decided (what a partial refund did not give back).
export const paymentStatus = z.enum(['initiated', 'pending', 'paid', 'failed', 'voided', 'refunding', 'refunded', 'kept']);
export type StoredPaymentStatus = z.infer<typeof paymentStatus>;
// As answered: a payment of which less than all went back reads `partially_refunded` (issue 57, item 4), with `refunded_minor`.
export const paymentViewStatus = z.enum([...paymentStatus.options, 'partially_refunded']);
export type PaymentViewStatus = z.infer<typeof paymentViewStatus>;
/** What a payment gave back: all of it once refunded, or the part a partial refund took; 0 before. */
export const refundedMinor = z.int().describe('What went back of this payment: 0 until its refund is confirmed; less than amount_minor after a partial refund');

// Why a payment did not become the fee (messages CheckPayment.reasons); `hold_ended` and `capture_failed` from authorise, then capture (docs/PLACES.md).
export const failureReason = z
  .string()
  .nullable()
  .describe(
    'declined, insufficient_funds, authentication_failed, expired, canceled, failed, amount_mismatch, gateway_unavailable, voided; ' +
      'capture_failed (authorised, but the capture was refused: nothing taken, the request still awaits payment); ' +
      'hold_ended (status voided: authorised after the hold on the places ended, so it was voided and nothing taken)',
  );

export const payment = z.object({
  id: uuid,
  request_id: uuid,
  part: z.string().describe('Which part of the fee it pays: full, deposit, instalment-1, …, or difference-1, difference-2, … (the difference of a dearer package chosen after paying; docs/INSTALMENTS.md)'),
  status: paymentViewStatus,
  amount_minor: z.int(),
  refunded_minor: refundedMinor,
  currency: z.string(),
  provider: z.string(),
  failure_reason: failureReason,
  refund_reason: z.string().nullable(),
  card_last4: z.string().nullable(),
  redirect_url: z.string().nullable().describe('Where to send the payer while the checkout is open'),
  receipt_number: z.string().nullable().describe('Paid at the counter (provider `counter`): the number of the receipt handed over'),
  created_at: timestamp,
  paid_at: nullableTimestamp,
});
export type Payment = z.infer<typeof payment>;

/** For a payer back from the gateway without a session (another host, a session that ended): nothing of the request or the account. */
export const paymentOutcome = z.object({
  id: uuid,
  status: paymentViewStatus,
  amount_minor: z.int(),
  currency: z.string(),
  failure_reason: failureReason,
});
export type PaymentOutcome = z.infer<typeof paymentOutcome>;
