'use client';

import { useTranslations } from 'next-intl';
import type { SharedRequestSummary } from '@/lib/contract/families';
import type { PaymentPlanView } from '@/lib/contract/requests';
import { useMoneyLine } from '@/components/payments/money-line';
import { StatusBadge } from '@/components/requests/status-badge';

/**
 * A request the user is on as a companion, as its card and its page open: the
 * service and who applied, the status, the reference, whether it is paid and,
 * on the card, whether they have confirmed their details.
 */
export function SharedSummary({
  request,
  titleId,
  large = false,
  withConfirmation = false,
}: {
  // On the companion's page, the fee's parts too: a request paid by its deposit says what is still to pay.
  request: SharedRequestSummary & { payment_plan?: PaymentPlanView | null; currency?: string | null };
  titleId: string;
  large?: boolean;
  withConfirmation?: boolean;
}) {
  const t = useTranslations('Families');
  const type = useTranslations('RequestType');
  const fee = useTranslations('RequestDetails.fee');
  const payment = useMoneyLine()(request);
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={titleId} className={large ? 'text-xl font-semibold' : 'text-lg font-semibold'}>
          {t('cardTitle', { type: type(request.type), organiser: request.organiser_name })}
        </h2>
        <StatusBadge status={request.status} />
      </div>
      <dl className={`mt-4 grid gap-x-6 gap-y-3 ${withConfirmation ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}>
        <div>
          <dt className="text-sm font-semibold text-muted">{t('reference')}</dt>
          <dd className="font-semibold">{request.reference ? <bdi dir="ltr" data-identifier>{request.reference}</bdi> : t('noReference')}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-muted">{fee('payment')}</dt>
          <dd data-testid="payment-line">{payment ?? '—'}</dd>
        </div>
        {withConfirmation && (
          <div>
            <dt className="text-sm font-semibold text-muted">{t('yourDetails')}</dt>
            <dd>{request.confirmed_at ? t('detailsConfirmed') : t('detailsNotConfirmed')}</dd>
          </div>
        )}
      </dl>
    </>
  );
}
