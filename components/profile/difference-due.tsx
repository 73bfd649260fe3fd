'use client';

import { useTranslations } from 'next-intl';
import type { NeedsDoing } from '@/lib/contract/requests';
import { PayButton } from '@/components/payments/pay-button';
import { DualDate } from '@/components/requests/dual-date';
import { useFormats } from '@/lib/i18n/use-formats';

/**
 * A dearer package chosen in the changes (issue 57, item 6): the difference to pay, by when (both calendars), what
 * happens if it is not, and Pay; paying it sends the request back to the office.
 */
export function DifferenceDue({ request }: { request: NeedsDoing['changes_requested'][number] }) {
  const t = useTranslations('NeedsDoing');
  const { money } = useFormats();
  const due = request.difference_due;
  if (!due) return null;
  const amount = money(due.amount_minor, request.currency ?? 'SAR');
  return (
    <>
      <p className="font-semibold text-ink" data-testid="difference-due">
        {t('differenceDue', { amount })}
      </p>
      {due.due_at && (
        <div className="flex flex-wrap gap-x-2 text-sm text-muted">
          <span className="font-semibold">{t('differenceBy')}</span>
          <DualDate iso={due.due_at} time />
        </div>
      )}
      <p className="text-sm text-muted">{t('differenceLapse')}</p>
      <PayButton requestId={request.id} part={due.part} label={t('differencePay', { amount })} />
    </>
  );
}
