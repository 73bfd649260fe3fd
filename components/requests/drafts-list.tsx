'use client';

import { Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useRequests } from '@/lib/requests/requests-api';
import { EmptyState } from '@/components/layout/page-header';
import { Link } from '@/components/ui/link';
import { DraftCard } from './draft-card';
import { DraftsEmpty } from './drafts-empty';
import { ListActions } from './list-actions';
import { listHref, readListQuery } from './list-query';
import { ListSkeleton, LoadError } from './load-states';
import { Pagination } from './pagination';

const PATH = '/profile/requests/drafts';

function DraftsResults() {
  const t = useTranslations('DraftsList');
  const list = useTranslations('RequestsList');
  const { page } = readListQuery(useSearchParams());
  const drafts = useRequests('draft', page);
  const [deleted, setDeleted] = useState(0);
  const notice = useRef<HTMLParagraphElement>(null);

  // The deleted draft's card, and the button that had focus, are gone: focus
  // moves to the notice so keyboard and screen reader users keep their place.
  useEffect(() => {
    if (deleted === 0) return;
    const frame = requestAnimationFrame(() => notice.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [deleted]);

  if (drafts.isPending) return <ListSkeleton label={t('loading')} />;
  if (drafts.isError) {
    return <LoadError title={t('error.title')} body={t('error.body')} retry={t('error.retry')} onRetry={() => drafts.refetch()} isRetrying={drafts.isFetching} />;
  }
  const { data: items, meta } = drafts.data;
  return (
    <div className="space-y-4">
      <p ref={notice} tabIndex={-1} role="status" className={deleted ? 'rounded-lg bg-emerald-50 p-3 font-semibold text-emerald-900 outline-none focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink focus-visible:ring-3 focus-visible:ring-white' : 'sr-only'}>
        {deleted ? t('deleted') : ''}
      </p>
      {items.length > 0 ? (
        <>
          <ul aria-label={t('listLabel')} className="space-y-4">
            {items.map((draft) => (
              <li key={draft.id}>
                <DraftCard draft={draft} onDeleted={() => setDeleted((count) => count + 1)} />
              </li>
            ))}
          </ul>
          <Pagination page={page} totalPages={meta.total_pages} hrefOf={(next) => listHref(PATH, { page: next })} />
        </>
      ) : page > 1 ? (
        <EmptyState title={list('pageEmpty.title')} body={list('pageEmpty.body')} action={<Link href={PATH} className="font-semibold text-brand-800 underline underline-offset-4">{list('pageEmpty.first')}</Link>} />
      ) : (
        <DraftsEmpty />
      )}
    </div>
  );
}

/** The user's unfinished applications, newest first, each with its progress. */
export function DraftsList() {
  const t = useTranslations('DraftsList');
  return (
    <div className="space-y-6">
      <ListActions other="requests" />
      <Suspense fallback={<ListSkeleton label={t('loading')} />}>
        <DraftsResults />
      </Suspense>
    </div>
  );
}
