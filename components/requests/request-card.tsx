'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import type { RequestSummary } from '@/lib/contract/requests';
import { Link } from '@/components/ui/link';
import { ChevronForwardIcon } from '@/components/ui/icons';
import { DualDate } from './dual-date';
import { useMoneyLine } from '@/components/payments/money-line';
import { PayBy } from './pay-by';
import { ReservePosition } from './reserve-position';
import { StatusBadge } from './status-badge';
import { useFormats } from '@/lib/i18n/use-formats';

/** One sent request in the list: what it is, where it stands, and the way to its details. */
export function RequestCard({ request }: { request: RequestSummary }) {
  const t = useTranslations('RequestsList');
  const type = useTranslations('RequestType');
  const { number } = useFormats();
  const titleId = useId();
  const fee = useTranslations('RequestDetails.fee');
  const sentAt = request.submitted_at ?? request.created_at;
  const payment = useMoneyLine()(request);
  return (
    <article aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold">
          {t('title', { type: type(request.type) })}
        </h2>
        <StatusBadge status={request.status} />
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-4">
        <div>
          <dt className="text-sm font-semibold text-muted">{t('reference')}</dt>
          <dd className="font-semibold">{request.reference ? <bdi dir="ltr" data-identifier>{request.reference}</bdi> : t('noReference')}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-muted">{t('pilgrims')}</dt>
          <dd>{t('pilgrimCount', { count: request.pilgrims, n: number(request.pilgrims) })}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-muted">{fee('payment')}</dt>
          <dd data-testid="payment-line">{payment ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-muted">{t('submitted')}</dt>
          <dd>
            <DualDate iso={sentAt} />
          </dd>
        </div>
      </dl>
      <div className="mt-4 empty:hidden">
        <PayBy request={request} />
        <ReservePosition request={request} />
      </div>
      <Link
        href={`/profile/requests/details/${request.id}`}
        aria-describedby={titleId}
        className="mt-4 inline-flex items-center gap-1 rounded-md font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-700"
      >
        {t('details')}
        <ChevronForwardIcon />
      </Link>
    </article>
  );
}
