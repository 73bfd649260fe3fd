'use client';

import { useTranslations } from 'next-intl';
import { TRANSITIONS } from '@/lib/requests/statuses';
import { useCancelRequest, useReopenRequest } from '@/lib/requests/requests-api';
import type { RequestDetails } from '@/lib/contract/requests';
import { useRouter } from '@/i18n/navigation';
import { Link } from '@/components/ui/link';
import { PayButton } from '@/components/payments/pay-button';
import { NextPartPay, PaymentChoice } from '@/components/payments/payment-plan';
import { owesDifference } from '@/components/wizard/difference-due';
import { ConfirmDialog } from './confirm-dialog';
import { LeaveReserve } from './leave-reserve';
import { useFormats } from '@/lib/i18n/use-formats';

const primary = 'inline-block rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800';
const secondary = 'inline-block rounded-lg border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50';
const CLOSED: readonly string[] = ['rejected', 'cancelled', 'expired'];

/** Only what the request's status allows the user to do now; nothing at all when it allows nothing. */
export function RequestActions({ request, onCancelled }: { request: RequestDetails; onCancelled: () => void }) {
  const t = useTranslations('RequestDetails');
  const drafts = useTranslations('DraftsList');
  const confirmation = useTranslations('Wizard.confirmation');
  const cancelRequest = useCancelRequest();
  const reopenRequest = useReopenRequest();
  const router = useRouter();
  const { money } = useFormats();

  const canPay = request.status === 'pending_payment' && request.fee_minor !== null && request.currency !== null;
  // Answers change only in a draft or when the office asked; before paying, "change the answers" withdraws it from payment first.
  const canEdit = request.status === 'changes_requested';
  // Back to a draft from payment only: a reserved request goes back to a draft by leaving the list.
  const canReopen = request.status === 'pending_payment' && TRANSITIONS[request.status].user.includes('draft');
  const canLeaveReserve = request.status === 'reserved';
  const canCancel = TRANSITIONS[request.status].user.includes('cancelled');
  // Paid by its deposit: the next instalment can be paid from here while one is owed.
  const canPayPart = request.currency !== null && request.payment_plan?.choice === 'instalments' && request.payment_plan.outstanding_minor > 0;
  // Sent again with a dearer package: its difference, before the request goes back to the office (issue 57, item 6).
  const difference = owesDifference(request) ? request.money!.next_due! : null;
  // A request that ended (declined, cancelled, expired) still offers a way on.
  if (CLOSED.includes(request.status)) {
    return (
      <div role="group" aria-label={t('wayOn.label')} className="flex flex-wrap items-start gap-3">
        <Link href="/profile/requests/create" className={primary}>
          {t('wayOn.startNew')}
        </Link>
        <Link href="/profile/requests" className={secondary}>
          {t('wayOn.backToRequests')}
        </Link>
      </div>
    );
  }
  if (!canPay && !canPayPart && !difference && !canEdit && !canReopen && !canCancel && !canLeaveReserve && request.status !== 'draft') return null;

  return (
    <div role="group" aria-label={t('actions.label')} className="flex flex-wrap items-start gap-3">
      {canPay &&
        (request.payment_plan?.deposit_offered ? (
          <PaymentChoice requestId={request.id} plan={request.payment_plan} currency={request.currency!} feeMinor={request.fee_minor!} payBy={request.pay_by} />
        ) : (
          <PayButton requestId={request.id} part="full" label={t('actions.pay', { fee: money(request.fee_minor!, request.currency!) })} />
        ))}
      {canPayPart && <NextPartPay requestId={request.id} plan={request.payment_plan} currency={request.currency!} />}
      {difference && <PayButton requestId={request.id} part={difference.part} label={confirmation('differencePay', { amount: money(difference.amount_minor, request.currency!) })} />}
      {request.status === 'draft' && (
        <Link href={`/profile/requests/drafts/complete?id=${request.id}`} className={primary}>
          {drafts('continue')}
        </Link>
      )}
      {canLeaveReserve && <LeaveReserve requestId={request.id} />}
      {canEdit && (
        <Link href={`/profile/requests/edit?id=${request.id}`} className={primary}>
          {t('actions.edit')}
        </Link>
      )}
      {canReopen && (
        <ConfirmDialog
          trigger={t('reopen.trigger')}
          title={t('reopen.title')}
          body={t('reopen.body')}
          keep={t('reopen.keep')}
          confirm={t('reopen.confirm')}
          failed={t('reopen.failed')}
          onConfirm={async () => {
            await reopenRequest.mutateAsync(request.id);
            // To the answers as a whole, with a Change link on each part.
            router.push(`/profile/requests/drafts/complete?id=${request.id}&step=review`);
          }}
        />
      )}
      {canCancel && (
        <ConfirmDialog
          trigger={t('actions.cancel')}
          title={t('cancel.title')}
          body={t('cancel.body')}
          keep={t('cancel.keep')}
          confirm={t('cancel.confirm')}
          failed={t('cancel.failed')}
          onConfirm={async () => {
            await cancelRequest.mutateAsync(request.id);
            onCancelled();
          }}
        />
      )}
    </div>
  );
}
