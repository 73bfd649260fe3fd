'use client';

import { useLocale, useTranslations } from 'next-intl';
import { numberLocale } from '@/lib/i18n/digits';
import { useRequest } from '@/lib/requests/requests-api';
import { Link } from '@/components/ui/link';
import { PayButton } from '@/components/payments/pay-button';
import { PushOffer } from './push-offer';

/** After submitting: the reference number and what happens next. */
export function Confirmation({ id }: { id: string }) {
  const t = useTranslations('Wizard.confirmation');
  const tp = useTranslations('Payments');
  const locale = useLocale();
  const { data: request } = useRequest(id);
  if (!request) return <div className="min-h-96" aria-busy="true" />;
  const fee =
    request.fee_minor !== null && request.currency
      ? new Intl.NumberFormat(numberLocale(locale), { style: 'currency', currency: request.currency }).format(request.fee_minor / 100)
      : null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <section className="rounded-2xl bg-brand-800 p-8 text-center text-white" aria-labelledby="confirmation-title">
        <h1 id="confirmation-title" className="text-2xl font-bold">
          {t(request.status === 'submitted' ? 'resubmittedTitle' : 'title')}
        </h1>
        <p className="mt-4 text-brand-100">{t('reference')}</p>
        <p className="mt-1 text-3xl font-bold tracking-wide" dir="ltr" data-identifier data-testid="reference">
          {request.reference}
        </p>
      </section>
      <section className="mt-8" aria-labelledby="next-title">
        <h2 id="next-title" className="text-xl font-semibold">
          {t('nextTitle')}
        </h2>
        <ol className="mt-3 list-decimal space-y-2 ps-6 text-muted">
          {request.status === 'pending_payment' && <li>{fee ? t('nextPay', { fee }) : t('nextPayNoFee')}</li>}
          <li>{t('nextReview')}</li>
          <li>{t('nextNotify')}</li>
        </ol>
      </section>
      {request.status === 'pending_payment' && fee && (
        <div className="mt-8">
          <PayButton requestId={id} label={tp('pay', { fee })} />
        </div>
      )}
      <PushOffer />
      <div className="mt-8 flex flex-wrap gap-3">
        <Link href={`/profile/requests/details/${id}`} className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          {t('toDetails')}
        </Link>
        <Link href="/profile/requests" className="rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50">
          {t('toRequests')}
        </Link>
      </div>
    </div>
  );
}
