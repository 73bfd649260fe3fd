'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import type { RequestDetails } from '@/lib/requests/requests-api';
import { PayButton } from './pay-button';

/** The fee, every payment attempt with its outcome, and the way to pay while the request awaits it. */
export function PaymentHistory({ request }: { request: RequestDetails }) {
  const t = useTranslations('Payments');
  const locale = useLocale();
  const format = useFormatter();
  const money = (minor: number, currency: string) =>
    new Intl.NumberFormat(locale === 'ar' ? 'ar-SA' : 'en-US', { style: 'currency', currency }).format(minor / 100);
  const fee = request.fee_minor !== null && request.currency ? money(request.fee_minor, request.currency) : null;
  const apiBase = process.env.NEXT_PUBLIC_API_BASE_URL ?? '/api/v1';

  return (
    <section aria-labelledby="payments-title" className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="payments-title" className="text-lg font-semibold">
        {t('title')}
      </h2>
      {fee && (
        <p className="mt-2">
          {t('fee', { fee, pilgrims: request.pilgrims })}{' '}
          <strong data-testid="payment-state">{t(`state.${request.payment ?? 'unpaid'}`)}</strong>
        </p>
      )}
      {request.payments.length > 0 ? (
        <ul className="mt-4 divide-y divide-slate-200">
          {request.payments.map((payment) => (
            <li key={payment.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
              <span>
                {format.dateTime(new Date(payment.created_at), { dateStyle: 'medium', timeStyle: 'short' })} · {money(payment.amount_minor, payment.currency)}
                {payment.card_last4 && <span dir="ltr"> · •••• {payment.card_last4}</span>}
              </span>
              <span className="flex items-center gap-3">
                <span className="font-semibold">{t(`status.${payment.status}`)}</span>
                {(payment.status === 'paid' || payment.status === 'refunded') && (
                  <a href={`${apiBase}/payments/${payment.id}/receipt`} download className="text-brand-800 underline underline-offset-2">
                    {t('receipt')}
                  </a>
                )}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-muted">{t('none')}</p>
      )}
      {request.status === 'pending_payment' && fee && (
        <div className="mt-4">
          <PayButton requestId={request.id} label={t('pay', { fee })} />
        </div>
      )}
    </section>
  );
}
