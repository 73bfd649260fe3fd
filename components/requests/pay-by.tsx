'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import type { RequestSummary } from '@/lib/contract/requests';
import { useFormats } from '@/lib/i18n/use-formats';

const DAY_MS = 24 * 3_600_000;

/**
 * "Pay SAR 30,000.00 by 27 November 2026 at 2:00 PM" where people look (the
 * list's cards, the details), marked when less than a day is left
 * (docs/NEXT-STEPS.md). Nothing for a request that awaits no payment.
 */
export function PayBy({ request }: { request: RequestSummary }) {
  const t = useTranslations('PayBy');
  // The moment the page was shown: whether less than a day is left does not need to tick.
  const [now] = useState(() => Date.now());
  const formats = useFormats();
  if (request.status !== 'pending_payment' || !request.pay_by || request.fee_minor === null || !request.currency) return null;
  const deadline = formats.deadline(request.pay_by);
  const dueSoon = Date.parse(request.pay_by) - now < DAY_MS;
  return (
    <p className={`rounded-lg p-3 ${dueSoon ? 'border-s-4 border-red-700 bg-red-50' : 'bg-sand-100'}`} data-testid="pay-by">
      {dueSoon && <strong className="me-2 text-red-800">{t('dueSoon')}</strong>}
      <time dateTime={request.pay_by} className="font-semibold">
        {t('line', { fee: formats.money(request.fee_minor, request.currency), deadline: deadline.gregorian })}
      </time>{' '}
      <span className="text-sm text-muted">{t('hijri', { hijri: deadline.hijri })}</span>
    </p>
  );
}
