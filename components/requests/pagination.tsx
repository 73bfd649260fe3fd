'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/components/ui/link';
import { ChevronBackIcon, ChevronForwardIcon } from '@/components/ui/icons';
import { useFormats } from '@/lib/i18n/use-formats';

const linkClass = 'inline-flex items-center gap-1 rounded-lg border border-brand-700 bg-white px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50';

/** Previous and next pages; hidden while everything fits on one page. */
export function Pagination({ page, totalPages, hrefOf }: { page: number; totalPages: number; hrefOf: (page: number) => string }) {
  const t = useTranslations('RequestsList.pagination');
  const { number } = useFormats();
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t('label')} className="mt-6 flex flex-wrap items-center justify-between gap-4">
      {/* An empty box keeps "page X of Y" in the middle when there is no previous page. */}
      <div className="min-w-32">
        {page > 1 && (
          <Link href={hrefOf(Math.min(page - 1, totalPages))} rel="prev" className={linkClass}>
            <ChevronBackIcon />
            {t('previous')}
          </Link>
        )}
      </div>
      <p className="text-sm text-muted">{t('pageOf', { page: number(page), total: number(totalPages) })}</p>
      <div className="flex min-w-32 justify-end">
        {page < totalPages && (
          <Link href={hrefOf(page + 1)} rel="next" className={linkClass}>
            {t('next')}
            <ChevronForwardIcon />
          </Link>
        )}
      </div>
    </nav>
  );
}
