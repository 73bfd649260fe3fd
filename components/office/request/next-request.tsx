'use client';

import { useTranslations } from 'next-intl';
import { useOfficeQueue } from '@/lib/office/office-requests-api';

const linkClass = 'inline-block rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink';

/** After a decision: the next request of my work, the latest first; else the next unassigned one (issue 41, item 7). */
export function NextRequest({ currentId, basePath }: { currentId: string; basePath: string }) {
  const t = useTranslations('Office.request');
  const mine = useOfficeQueue('view=mine');
  const pool = useOfficeQueue('view=unassigned&status=submitted');
  const next = [...(mine.data?.data ?? []), ...(pool.data?.data ?? [])].find((item) => item.id !== currentId && (item.status === 'submitted' || item.status === 'under_review'));
  if (!next) return null;
  return (
    <a href={`${basePath}/${next.id}`} className={linkClass}>
      {t('next')} <span dir="ltr" className="font-mono">({next.reference})</span>
    </a>
  );
}
