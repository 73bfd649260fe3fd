'use client';

import { Suspense } from 'react';
import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useRequests } from '@/lib/requests/requests-api';
import { EmptyState } from '@/components/layout/page-header';
import { Link } from '@/components/ui/link';
import { ListActions } from './list-actions';
import { listHref, readListQuery } from './list-query';
import { ListSkeleton, LoadError } from './load-states';
import { Pagination } from './pagination';
import { RequestCard } from './request-card';
import { RequestsEmpty } from './requests-empty';
import { StatusFilter } from './status-filter';

const PATH = '/profile/requests';
const linkClass = 'font-semibold text-brand-800 underline underline-offset-4';

function RequestsResults() {
  const t = useTranslations('RequestsList');
  const query = readListQuery(useSearchParams());
  const requests = useRequests(query.status, query.page);

  if (requests.isPending) return <ListSkeleton label={t('loading')} />;
  if (requests.isError) {
    return <LoadError title={t('error.title')} body={t('error.body')} retry={t('error.retry')} onRetry={() => requests.refetch()} isRetrying={requests.isFetching} />;
  }
  const { data: items, meta } = requests.data;
  // While another filter or page loads, the previous one stays on screen, dimmed.
  const busy = requests.isPlaceholderData;

  let content;
  if (items.length > 0) {
    content = (
      <ul aria-label={t('listLabel')} className="space-y-4">
        {items.map((request) => (
          <li key={request.id}>
            <RequestCard request={request} />
          </li>
        ))}
      </ul>
    );
  } else if (query.page > 1) {
    content = <EmptyState title={t('pageEmpty.title')} body={t('pageEmpty.body')} action={<Link href={listHref(PATH, { ...query, page: 1 })} className={linkClass}>{t('pageEmpty.first')}</Link>} />;
  } else if (query.status) {
    content = (
      <EmptyState
        title={t('emptyFiltered.title')}
        body={t('emptyFiltered.body', { status: t(`filters.${query.status}`) })}
        action={<Link href={PATH} className={linkClass}>{t('emptyFiltered.showAll')}</Link>}
      />
    );
  } else {
    content = <RequestsEmpty />;
  }

  return (
    <div aria-busy={busy} className={busy ? 'opacity-60 transition-opacity' : undefined}>
      {content}
      {items.length > 0 && <Pagination page={query.page} totalPages={meta.total_pages} hrefOf={(page) => listHref(PATH, { ...query, page })} />}
    </div>
  );
}

function Filter() {
  return <StatusFilter path={PATH} current={readListQuery(useSearchParams()).status} />;
}

/** The signed-in user's sent requests (drafts have their own page), filtered by status through the address. */
export function RequestsList() {
  const t = useTranslations('RequestsList');
  return (
    <div className="space-y-6">
      <ListActions other="drafts" />
      {/* The address is known only in the browser on this statically rendered page. */}
      <Suspense fallback={null}>
        <Filter />
      </Suspense>
      <Suspense fallback={<ListSkeleton label={t('loading')} />}>
        <RequestsResults />
      </Suspense>
    </div>
  );
}
