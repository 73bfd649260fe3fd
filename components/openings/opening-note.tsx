import { useLocale, useTranslations } from 'next-intl';
import type { OpeningInfo } from '@/lib/contract/openings';
import { Link } from '@/components/ui/link';
import { openingMoment } from './opening-moment';

/** Whether a service's opening is worth saying beside it: set, and not ended. */
export const openingAhead = (opening: OpeningInfo | null | undefined): opening is OpeningInfo => Boolean(opening && opening.state !== 'over');

/**
 * Beside a service (the home page's card, the wizard's service step): when sending opens, in Riyadh time and
 * both calendars, and the way to its queue (issue 59, item 1). Nothing when it has no opening or it ended.
 */
export function OpeningNote({ service, serviceName, opening }: { service: string; serviceName: string; opening: OpeningInfo | null | undefined }) {
  const t = useTranslations('Openings.note');
  const locale = useLocale();
  if (!openingAhead(opening)) return null;
  const when = openingMoment(opening.opens_at, locale);
  return (
    <div className="flex flex-col gap-2 rounded-lg border-s-4 border-brand-700 bg-brand-50 p-3" data-testid={`opening-note-${service}`}>
      <p className="text-ink">
        {opening.state === 'admitting' ? (
          t('open')
        ) : (
          <time dateTime={opening.opens_at}>{t('opensAt', { day: `${when.hijri} (${when.gregorian})`, time: when.time })}</time>
        )}
      </p>
      <Link href={`/openings/${service}`} className="self-start font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-700">
        {t('link', { service: serviceName })}
      </Link>
    </div>
  );
}
