import { useLocale, useTranslations } from 'next-intl';
import { formatCount } from '@/lib/i18n/numbers';

/**
 * What a pilgrim reads of a package's places (docs/PLACES.md): "12 places
 * left", "Fully booked: join the reserve list", or nothing when unlimited.
 * Numbers in the page's digits. For the home page's cards and the wizard's
 * service step alike; the count itself is usePlacesLeft's (use-places-left.ts).
 */
export function usePlacesText(): (left: number | null | undefined) => string | null {
  const t = useTranslations('Places');
  const locale = useLocale();
  return (left) => {
    if (left === null || left === undefined) return null;
    return left === 0 ? t('full') : t('left', { count: left, shown: formatCount(left, locale) });
  };
}
