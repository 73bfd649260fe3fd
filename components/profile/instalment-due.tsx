'use client';

import { useTranslations } from 'next-intl';
import type { NeedsDoing } from '@/lib/contract/requests';
import { PayButton } from '@/components/payments/pay-button';
import { usePartName } from '@/components/payments/payment-plan';
import { DualDate } from '@/components/requests/dual-date';
import { useFormats } from '@/lib/i18n/use-formats';

/** The instalment: which, how much, by when (both calendars), what a late one risks, and Pay. */
export function InstalmentDue({ request }: { request: NeedsDoing['instalments_due'][number] }) {
  const t = useTranslations('NeedsDoing');
  const tp = useTranslations('Payments.plan');
  const partName = usePartName();
  const { money, number } = useFormats();
  const { instalment } = request;
  const currency = request.currency ?? 'SAR';
  return (
    <>
      <div className="flex flex-wrap gap-x-2 text-sm text-muted">
        <span className="font-semibold">{t('instalmentBy', { part: partName(instalment.part), amount: money(instalment.amount_minor, currency) })}</span>
        <DualDate iso={instalment.due_at} />
      </div>
      {instalment.late && <p className="text-sm text-red-800">{t('instalmentGrace', { grace: instalment.grace_days, grace_shown: number(instalment.grace_days) })}</p>}
      <PayButton requestId={request.id} part={instalment.part} label={tp('payPart', { part: partName(instalment.part), amount: money(instalment.amount_minor, currency) })} />
    </>
  );
}
