'use client';

import { useTranslations } from 'next-intl';
import type { RequestDetails } from '@/lib/contract/requests';
import { isDifference } from '@/lib/payments/payment-plan';
import { useFormats } from '@/lib/i18n/use-formats';
import { PayButton } from '@/components/payments/pay-button';
import { useMoneyLine } from '@/components/payments/money-line';

/** Whether a request sent again waits for a dearer package's difference (issue 57, item 6): its pay page asks for it. */
export function owesDifference(request: Pick<RequestDetails, 'status' | 'money'>): boolean {
  return request.status === 'changes_requested' && Boolean(request.money?.next_due && isDifference(request.money.next_due.part));
}

/**
 * The pay page of a request sent again with a dearer package: the difference to pay, what was paid, and that the
 * request goes back to the office once the difference is paid (the payment sends it, docs/INSTALMENTS.md).
 */
export function DifferenceDue({ request }: { request: RequestDetails }) {
  const t = useTranslations('Wizard.confirmation');
  const { money } = useFormats();
  const line = useMoneyLine()(request);
  const due = request.money!.next_due!;
  const amount = money(due.amount_minor, request.money!.currency);
  return (
    <section className="rounded-2xl border-2 border-sand-400 bg-white p-6 sm:p-8" aria-labelledby="confirmation-title">
      <h1 id="confirmation-title" className="text-2xl font-bold">
        {t('differenceTitle', { amount })}
      </h1>
      {line && <p className="mt-2 font-semibold" data-testid="money-line">{line}</p>}
      <p className="mt-4">{t('differenceLead')}</p>
      <div className="mt-6">
        <PayButton requestId={request.id} part={due.part} label={t('differencePay', { amount })} />
      </div>
    </section>
  );
}
