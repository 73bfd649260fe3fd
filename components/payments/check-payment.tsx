'use client';

import { Suspense } from 'react';
import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { EmptyState } from '@/components/layout/page-header';
import { Link } from '@/components/ui/link';

function CheckPaymentState() {
  const t = useTranslations('CheckPayment');
  const paymentId = useSearchParams().get('payment_id');
  const state = paymentId ? 'unknown' : 'none';
  return (
    <EmptyState
      title={t(`${state}.title`)}
      body={t(`${state}.body`)}
      action={
        <Link href="/profile/requests" className="font-semibold text-brand-800 underline underline-offset-4">
          {t('toRequests')}
        </Link>
      }
    />
  );
}

/** The landing page after the payment gateway; it never trusts its query string. */
export function CheckPayment() {
  return (
    <Suspense fallback={<div className="min-h-40" aria-busy="true" />}>
      <CheckPaymentState />
    </Suspense>
  );
}
