import 'server-only';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { isUniqueViolation } from '@/lib/server/db/unique-violation';
import { payments, requests, staff } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import { moveRequest } from '@/lib/server/requests/move-request';
import { moneyPayment, requestMoneyOf, requestSummary } from '@/lib/server/requests/request-views';
import { audit, type AuditActor } from '@/lib/server/audit/audit';
import { isRequestId } from '@/lib/requests/request-id';
import { can, isStaffRole } from '@/lib/office/roles';
import { requestFormats } from '@/lib/i18n/formats';
import type { Translate } from '@/lib/validation/localize';
import type { CounterPaymentInput } from '@/lib/office/queue-schemas';
import { paymentRowsOf, publicPayment, voidOpenPayments, type PaymentRow } from './payments';
import { OFFICE_TIME_ZONE } from '@/lib/office/time-zone';

/** The payments of money received at the office's counter: no gateway, a receipt number and who received it. */
export const COUNTER = 'counter';

/**
 * A receipt number in the one form it is kept and compared in: trimmed, in
 * upper case (the receipt's letters are not a second number: `ctr-pt-1` is
 * `CTR-PT-1`). The unique index payments_counter_receipt_key holds the same
 * form, upper(btrim(receipt_number)) (drizzle/0025_counter_receipt_case.sql).
 */
export function normalReceiptNumber(receiptNumber: string): string {
  return receiptNumber.trim().toUpperCase();
}

/** Who received the money: a finance member or an admin, by id and name. */
export type Receiver = { id: string; name: string };

/** A payment as the API answers it, with what a counter payment adds. */
export function recordedPayment(payment: PaymentRow, receiver: Receiver | null) {
  return { ...publicPayment(payment), receipt_number: payment.receiptNumber, recorded_by: receiver };
}

/**
 * The member an ops call names as having received the money: an active
 * (not disabled) finance member or admin with that e-mail address, else 422.
 */
export async function receiverByEmail(email: string, t: Translate): Promise<Receiver> {
  const db = await getDb();
  const [member] = await db
    .select({ id: staff.id, name: staff.name, role: staff.role })
    .from(staff)
    .where(and(sql`lower(${staff.email}) = lower(${email})`, isNull(staff.disabledAt)))
    .limit(1);
  if (!member || !isStaffRole(member.role) || !can(member.role, 'payments')) {
    throw new ApiError('validation_failed', { fields: { received_by: [t('ApiErrors.counter_receiver_unknown')] } });
  }
  return { id: member.id, name: member.name };
}

/**
 * Records money received at the counter for a request awaiting payment
 * (its whole fee only: an instalment, or a package change's difference, is
 * paid online, 409 counter_fee_only)
 * (DESIGN section 9: a payment row, provider `counter`, amount, receipt
 * number, who), and the move it makes: the same as a gateway payment's
 * success (lib/server/payments/payments.ts `settle`): the request becomes
 * `submitted` as a move of the portal following the payment, with the member
 * named in its history, and the pilgrim gets `payment_succeeded` in the
 * portal, by push and by e-mail. One transaction with the audit row. The
 * amount must be the request's fee (422 otherwise, naming it); a receipt
 * number is recorded once, whatever its case (422; kept in its normal form,
 * normalReceiptNumber). A checkout the pilgrim had open is voided
 * afterwards; money that still arrives through it is refunded, as for any
 * request no longer awaiting payment.
 */
export async function recordCounterPayment(
  idOrReference: string,
  input: CounterPaymentInput,
  receiver: Receiver,
  actor: AuditActor,
  address: string | null,
  t: Translate,
  locale: string,
) {
  const db = await getDb();
  const receiptNumber = normalReceiptNumber(input.receipt_number);
  const taken = () => new ApiError('validation_failed', { fields: { receipt_number: [t('ApiErrors.counter_receipt_taken')] } });
  let result;
  try {
    result = await db.transaction(async (tx) => {
      const match = isRequestId(idOrReference) ? or(eq(requests.id, idOrReference), eq(requests.reference, idOrReference)) : eq(requests.reference, idOrReference);
      const [row] = await tx.select().from(requests).where(and(match, ne(requests.status, 'draft'))).limit(1).for('update');
      if (!row) throw new ApiError('not_found');
      if (row.status !== 'pending_payment') {
        const paid = ['submitted', 'under_review', 'changes_requested', 'approved'].includes(row.status);
        // Still owing (an instalment, or a dearer package's difference): not "already paid", but not taken here either.
        // Only the whole fee of a request awaiting payment is recorded at the counter (docs/INSTALMENTS.md); a part is
        // paid online, where its payment makes the moves it makes (a difference sends the request back to the office).
        const owing = paid && (requestMoneyOf(row, (await paymentRowsOf(tx, row.id)).map(moneyPayment))?.outstanding_minor ?? 0) > 0;
        throw new ApiError('conflict', { messageKey: owing ? 'counter_fee_only' : paid ? 'already_paid' : 'wrong_state' });
      }
      if (row.feeMinor === null || !row.currency) throw new Error(`request ${row.id} has no fee`);
      if (input.amount_minor !== row.feeMinor) {
        const fee = requestFormats(locale, OFFICE_TIME_ZONE).money(row.feeMinor, row.currency);
        throw new ApiError('validation_failed', { fields: { amount_minor: [t('ApiErrors.counter_amount_not_fee', { fee })] } });
      }
      const [existing] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.provider, COUNTER), sql`upper(btrim(${payments.receiptNumber})) = ${receiptNumber}`))
        .limit(1);
      if (existing) throw taken();
      const now = new Date();
      const [payment] = await tx
        .insert(payments)
        .values({
          requestId: row.id,
          userId: row.userId,
          provider: COUNTER,
          amountMinor: input.amount_minor,
          currency: row.currency,
          status: 'paid',
          paidAt: now,
          receiptNumber,
          recordedByStaffId: receiver.id,
          feeMinor: row.feeMinor,
        })
        .returning();
      // The move follows from the payment (moveRequest checks that a paid payment exists), as the gateway's does.
      const moved = await moveRequest(tx, row, 'submitted', 'system', null, { version: row.version + 1 }, receiver.id);
      await audit(
        actor,
        {
          action: 'payment.counter',
          target: { type: 'request', id: row.id },
          details: { payment_id: payment!.id, amount_minor: payment!.amountMinor, currency: payment!.currency, receipt_number: receiptNumber, received_by: receiver.id, from: row.status, to: moved.status },
          address,
        },
        tx,
      );
      return { payment: payment!, request: moved };
    });
  } catch (error) {
    // Two members recording the same receipt at once: the index lets one through.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  await voidOpenPayments(result.request.id);
  return { payment: recordedPayment(result.payment, receiver), request: requestSummary(result.request, [moneyPayment(result.payment)]) };
}
