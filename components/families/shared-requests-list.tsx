'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import type { SharedRequestSummary } from '@/lib/contract/families';
import { useSharedRequests } from '@/lib/families/families-api';
import { Link } from '@/components/ui/link';
import { ChevronForwardIcon } from '@/components/ui/icons';
import { ListSkeleton, LoadError } from '@/components/requests/load-states';
import { SharedSummary } from './shared-summary';

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
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <SharedSummary request={request} titleId={titleId} withConfirmation />
      <Link href={`/profile/shared/${request.id}`} aria-describedby={titleId} className="mt-4 inline-flex items-center gap-1 rounded-md font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-700">
        {t('seeMyPart')}
        <ChevronForwardIcon />
      </Link>
    </article>
  );
}
