'use client';

import { useTranslations } from 'next-intl';
import type { RequestTypeInfo } from '@/lib/contract/requests';
import { useFormats } from '@/lib/i18n/use-formats';

/**
 * When applications close and, for Hajj, when the pilgrimage is (8-13 Dhu al-Hijjah): two different things
 * (docs/PLACES.md, "Hajj in its month"). Hijri first, the Gregorian day in brackets, in the page's digits.
 */
export function SeasonDates({ type, typeName }: { type: RequestTypeInfo; typeName: string }) {
  const t = useTranslations('Wizard.dates');
  const formats = useFormats();
  const day = (hijri: string) => {
    const answer = formats.hijriAnswer(hijri);
    return answer ? `${answer.hijri} (${answer.gregorian})` : hijri;
  };
  const { applications_close: close, pilgrimage } = type.season;
  return (
    <dl className="grid gap-3 rounded-lg border border-brand-700 bg-brand-50 p-4" data-season-dates>
      <div>
        <dt className="text-sm text-muted">{t('applicationsClose')}</dt>
        <dd className="font-semibold text-ink">{day(close)}</dd>
      </div>
      {pilgrimage && (
        <div>
          <dt className="text-sm text-muted">{t('pilgrimage', { type: typeName })}</dt>
          <dd className="font-semibold text-ink">{t('days', { start: day(pilgrimage.start), end: day(pilgrimage.end) })}</dd>
        </div>
      )}
    </dl>
  );
}
