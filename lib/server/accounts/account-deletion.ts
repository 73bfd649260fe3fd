import 'server-only';
import { eq, inArray, or } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { payments, requests, retainedPayments, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import { deleteStoredFiles, documentKeys } from '@/lib/server/requests/request-files';
import { accountChanged } from '@/lib/server/auth/session-cache';
import { refundedOf } from '@/lib/payments/money';

// Money is moving: deleting now would lose the payment the gateway settles, or
// the refund still owed (`refunding`), or money a gateway may still take for a
// checkout we voided but it has not confirmed closed (payments.ts watches those).
const OPEN_PAYMENTS = new Set(['initiated', 'pending', 'refunding']);
const stillWatched = (payment: { status: string; failureReason: string | null }) => payment.status === 'voided' && (payment.failureReason === 'voided' || payment.failureReason === 'hold_ended');
// Paid requests the office is still working on, or has approved for a journey
// still to come (there is no later state yet): their files are the office's
// working papers. The user can cancel a request before review (refunded);
// later ones go through the office. A cancelled request whose payment is still
// `paid` awaits its refund: money owed to the user, so it waits too.
const UNDER_WAY = new Set(['submitted', 'under_review', 'changes_requested', 'approved', 'cancelled']);
// Money that moved: the office's books keep these, without the person.
const SETTLED_MONEY = new Set(['paid', 'refunded', 'kept']);

/**
 * Deletes an account with everything it owns: sessions, requests, documents
 * and their stored files (disk or S3), notifications, devices, and payments
 * that moved no money. Paid and refunded payments are copied to
 * retained_payments without personal data first, with what of each went back
 * (a partial refund, a package change's refund: refunded_minor). Refused (409) while a
 * payment is open or a paid request is under way.
 */
export async function eraseAccount(userId: string) {
  const db = await getDb();
  await db.transaction(async (transaction) => {
    const tx = transaction;
    // Locked first: a payment being started or settled for these rows waits
    // for this transaction, and then finds them gone.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const owned = await tx
      .select({ id: requests.id, status: requests.status, reference: requests.reference, typeId: requests.typeId })
      .from(requests)
      .where(eq(requests.userId, userId))
      .for('update');
    // Its own payments, and every payment on its requests: a companion may have paid a part of one (docs/INSTALMENTS.md),
    // and that money goes with the request; it is checked and kept for the books like the owner's.
    const ownedIds = owned.map((request) => request.id);
    const paymentRows = await tx
      .select()
      .from(payments)
      .where(ownedIds.length ? or(eq(payments.userId, userId), inArray(payments.requestId, ownedIds)) : eq(payments.userId, userId))
      .for('update');

    if (paymentRows.some((payment) => OPEN_PAYMENTS.has(payment.status) || stillWatched(payment))) {
      throw new ApiError('conflict', { messageKey: 'account_payment_open' });
    }
    const paidRequests = new Set(paymentRows.filter((payment) => payment.status === 'paid').map((payment) => payment.requestId));
    // A part paid for someone else's request (a companion paying an instalment, docs/INSTALMENTS.md) counts as the
    // applicant's money: deleting it with the account would leave their request unpaid.
    const othersPaid = [...paidRequests].filter((id) => !owned.some((request) => request.id === id));
    const others = othersPaid.length
      ? await tx.select({ id: requests.id, status: requests.status, reference: requests.reference }).from(requests).where(inArray(requests.id, othersPaid))
      : [];
    const underWay = [...owned, ...others].find((request) => UNDER_WAY.has(request.status) && paidRequests.has(request.id));
    if (underWay) {
      throw new ApiError('conflict', { messageKey: 'account_paid_request_under_way', values: { reference: underWay.reference ?? '' } });
    }

    const byId = new Map(owned.map((request) => [request.id, request]));
    const retained = paymentRows
      .filter((payment) => SETTLED_MONEY.has(payment.status))
      .map((payment) => ({
        id: payment.id,
        provider: payment.provider,
        providerPaymentId: payment.providerPaymentId,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
        status: payment.status,
        requestReference: byId.get(payment.requestId)?.reference ?? null,
        requestTypeId: byId.get(payment.requestId)?.typeId ?? null,
        createdAt: payment.createdAt,
        paidAt: payment.paidAt,
        refundedAt: payment.refundedAt,
        // The part it paid, and what of it went back: a partial refund, or a cheaper package's difference (issue 57).
        part: payment.part,
        refundedMinor: refundedOf(payment),
        refundReason: payment.refundReason,
      }));
    if (retained.length) await tx.insert(retainedPayments).values(retained);

    // Inside the transaction: if the storage fails, the account stays whole and
    // the user can try again, instead of the rows going while scans remain.
    await deleteStoredFiles(await documentKeys(tx, owned.map((request) => request.id)));
    // Sessions, requests (with documents, history, payments), notifications and devices cascade.
    await tx.delete(users).where(eq(users.id, userId));
    await accountChanged(tx, userId);
  });
}
