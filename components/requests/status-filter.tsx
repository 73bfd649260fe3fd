'use client';

import { useTranslations } from 'next-intl';
import { REQUEST_STATUSES } from '@/lib/requests/statuses';
import { Link } from '@/components/ui/link';
import { listHref, type ListQuery } from './list-query';

/** Every status a sent request can have, in the order a request lives through them. */
const FILTERS = REQUEST_STATUSES.filter((status) => status !== 'draft');

const chip = 'inline-block rounded-full border px-3 py-1.5 text-sm font-semibold';
const chipOff = `${chip} border-slate-300 bg-white text-ink hover:border-brand-700 hover:bg-brand-50`;
const chipOn = `${chip} border-brand-700 bg-brand-700 text-white`;

/**
 * The status filter as plain links: the choice lives in the address (survives a
 * reload and the language switch) and works before the page's script loads.
 */
export function StatusFilter({ path, current }: { path: string; current: ListQuery['status'] }) {
  const t = useTranslations('RequestsList');
  const options = [{ status: undefined, label: t('all') }, ...FILTERS.map((status) => ({ status, label: t(`filters.${status}`) }))];
  return (
    <nav aria-label={t('filterLabel')}>
      <ul className="flex flex-wrap gap-2">
        {options.map(({ status, label }) => (
          <li key={status ?? 'all'}>
            <Link
              href={listHref(path, { status, page: 1 })}
              scroll={false}
              aria-current={status === current ? 'page' : undefined}
              className={status === current ? chipOn : chipOff}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
