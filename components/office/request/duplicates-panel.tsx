'use client';

import { useTranslations } from 'next-intl';
import type { OfficeRequest } from '@/lib/contract/office';
import { usePilgrimLabel } from './pilgrim-label';
import { useFormats } from '@/lib/i18n/use-formats';

const linkClass = 'rounded font-semibold text-brand-800 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink';

/** The other active requests one of this request's pilgrims is on (issue 41, item 4): which pilgrim, how, and a link to each. */
export function DuplicatesPanel({ request, basePath }: { request: OfficeRequest; basePath: string }) {
  const t = useTranslations('Office');
  const label = usePilgrimLabel();
  const formats = useFormats();
  if (request.duplicates.length === 0) return null;
  return (
    <section aria-labelledby="duplicates-title" className="rounded-xl border border-amber-700 bg-amber-50 p-5">
      {/* The same passport and nationality, or national ID, is a duplicate; "possible" only when only a name and birth date match (issue 63, item 7). */}
      <h2 id="duplicates-title" className="mb-1 text-lg font-bold">
        {request.duplicates.some((match) => match.strength === 'exact') ? t('request.duplicates.titleExact') : t('request.duplicates.title')}
      </h2>
      <p className="mb-3 text-sm">{t('request.duplicates.intro')}</p>
      <ul className="flex flex-col gap-2">
        {request.duplicates.map((match) => (
          <li key={`${match.pilgrim}-${match.request_id}-${match.other_pilgrim}`} className={match.strength === 'exact' ? 'font-semibold' : ''}>
            {/* A request on the reserve list has no reference yet: the link still says where it leads. */}
            {match.reference ? (
              <a href={`${basePath}/${match.request_id}`} dir="ltr" className={`${linkClass} font-mono`}>{match.reference}</a>
            ) : (
              <a href={`${basePath}/${match.request_id}`} className={linkClass}>{t('request.duplicates.noReference')}</a>
            )}
            {formats.separator}
            {t('request.duplicates.match', { pilgrim: label(match.pilgrim), how: t(`request.duplicates.${match.field}`), status: t(`status.${match.status}`), other: label(match.other_pilgrim) })}
          </li>
        ))}
      </ul>
    </section>
  );
}
