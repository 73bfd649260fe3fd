'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { RequestSummary } from '@/lib/contract/requests';
import { formatCount } from '@/lib/i18n/numbers';

/**
 * "Number 3 on the reserve list" where people look (the list's cards, the
 * details, what needs doing), beside where a pay-by line would be. `lead`:
 * what happens next, said once on the details page. Nothing unless reserved.
 */
export function ReservePosition({ request, lead = false }: { request: RequestSummary; lead?: boolean }) {
  const t = useTranslations('Reserve');
  const locale = useLocale();
  if (request.status !== 'reserved' || request.reserve_position === null) return null;
  return (
    <div className="rounded-lg bg-violet-50 p-3" data-testid="reserve-position">
      {/* The digits of the page (docs/DIGITS.md): next-intl writes a bare number in Western digits. */}
      <p className="font-semibold">{t('position', { position: formatCount(request.reserve_position, locale) })}</p>
      {lead && <p className="mt-1 text-sm text-muted">{t('positionLead')}</p>}
    </div>
  );
}
