'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import type { SharedRequestSummary } from '@/lib/contract/families';
import { useSharedRequests } from '@/lib/families/families-api';
import { Link } from '@/components/ui/link';
import { ChevronForwardIcon } from '@/components/ui/icons';
import { ListSkeleton, LoadError } from '@/components/requests/load-states';
import { paymentLine } from '@/components/requests/request-fee';
import { StatusBadge } from '@/components/requests/status-badge';

/** "Requests I am on" (issue 42): each request someone applied for with the user as a companion, and the way to their part. */
export function SharedRequestsList() {
  const t = useTranslations('Families');
  const list = useSharedRequests();
  if (list.isPending) return <ListSkeleton label={t('loading')} />;
  if (list.isError) return <LoadError title={t('error.title')} body={t('error.body')} retry={t('error.retry')} onRetry={() => list.refetch()} isRetrying={list.isFetching} />;
  if (list.data.length === 0) return <p className="rounded-xl border border-slate-200 bg-white p-6 text-muted">{t('none')}</p>;
  return (
    <ul className="flex flex-col gap-4">
      {list.data.map((request) => (
        <li key={request.id}>
          <SharedRequestCard request={request} />
        </li>
      ))}
    </ul>
  );
}

function SharedRequestCard({ request }: { request: SharedRequestSummary }) {
  const t = useTranslations('Families');
  const type = useTranslations('RequestType');
  const fee = useTranslations('RequestDetails.fee');
  const titleId = useId();
  const payment = paymentLine(request);
  return (
    <article aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold">
          {t('cardTitle', { type: type(request.type), organiser: request.organiser_name })}
        </h2>
        <StatusBadge status={request.status} />
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-3">
        <div>
          <dt className="text-sm font-semibold text-muted">{t('reference')}</dt>
          <dd className="font-semibold">{request.reference ? <bdi dir="ltr" data-identifier>{request.reference}</bdi> : t('noReference')}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-muted">{fee('payment')}</dt>
          <dd>{payment ? fee(`states.${payment}`) : '—'}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-muted">{t('yourDetails')}</dt>
          <dd>{request.confirmed_at ? t('detailsConfirmed') : t('detailsNotConfirmed')}</dd>
        </div>
      </dl>
      <Link href={`/profile/shared/${request.id}`} aria-describedby={titleId} className="mt-4 inline-flex items-center gap-1 rounded-md font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-700">
        {t('seeMyPart')}
        <ChevronForwardIcon />
      </Link>
    </article>
  );
}
