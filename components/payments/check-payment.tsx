'use client';

import { Suspense, useEffect } from 'react';
import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { ApiClientError } from '@/lib/api-client';
import { isSignedIn, useAuthStore } from '@/lib/auth/auth-store';
import { useAuthHydrated } from '@/lib/auth/use-auth-hydrated';
import { useReturnPath } from '@/components/account/signed-in-gate';
import { Providers } from '@/components/providers';
import { usePayment, usePaymentOutcome } from '@/lib/payments/payments-api';
import type { Payment, PaymentOutcome } from '@/lib/contract/payments';
import { useRequest } from '@/lib/requests/requests-api';
import { useFormats } from '@/lib/i18n/use-formats';
import { EmptyState } from '@/components/layout/page-header';
import { Link } from '@/components/ui/link';
import { PayButton } from './pay-button';
import { useMoneyLine } from './money-line';
import { usePartName } from './payment-plan';
import { isDifference } from '@/lib/payments/payment-plan';
import { messageOf, hasMessage } from '@/lib/i18n/data-keys';

const actionClass = 'inline-block rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800';

function Paid({ requestId, paymentId, amount, part }: { requestId: string; paymentId: string; amount: string; part: string }) {
  const t = useTranslations('CheckPayment');
  const partName = usePartName();
  const request = useRequest(requestId);
  // The total, this payment and the balance (issue 57, item 3): a deposit says what is still to pay and by when.
  const balance = useMoneyLine()(request.data ?? { money: null, status: '' });
  return (
    <section className="rounded-xl border border-emerald-300 bg-emerald-50 p-6" aria-labelledby="paid-title" data-payment-state="paid">
      <h2 id="paid-title" className="text-xl font-bold text-emerald-900">
        {t('paid.title')}
      </h2>
      {/* A package change's difference is named: it is not the fee (issue 57, item 6). */}
      <p className="mt-2">{t('paid.body', { amount, part: isDifference(part) ? partName(part) : 'none' })}</p>
      {balance && (
        <p className="mt-2 font-semibold" data-testid="money-line">
          {t('paid.balance', { money: balance })}
        </p>
      )}
      {request.data?.reference && (
        <p className="mt-2">
          {t('reference')} <strong dir="ltr" data-identifier>{request.data.reference}</strong>
        </p>
      )}
      <p className="mt-2 text-muted">{t('paid.next')}</p>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <Link href={`/profile/requests/details/${requestId}`} className={actionClass}>
          {t('toRequest')}
        </Link>
        <a href={`${process.env.NEXT_PUBLIC_API_BASE_URL ?? '/api/v1'}/payments/${paymentId}/receipt`} download className="font-semibold text-brand-800 underline underline-offset-4">
          {t('receipt')}
        </a>
      </div>
    </section>
  );
}

/** Which of the page's messages tells a closed payment's story. */
const closedKind = (data: PaymentOutcome) => (data.status !== 'voided' ? 'refund' : data.failure_reason === 'hold_ended' ? 'holdEnded' : 'voided');

/**
 * Back from the gateway without a session (another host than the one the
 * payment started on, or a session that ended): what became of the payment, by
 * the checkout's own id, and how to sign in to see the request (issue 40).
 */
function SignedOutOutcome({ paymentId }: { paymentId: string }) {
  const t = useTranslations('CheckPayment');
  const formats = useFormats();
  const next = useReturnPath();
  const outcome = usePaymentOutcome(paymentId);
  const data = outcome.data;
  const signIn = (failed: boolean) => (
    <section className="rounded-xl border border-slate-200 bg-white p-6" aria-labelledby="outcome-sign-in">
      <h2 id="outcome-sign-in" className="text-lg font-semibold">
        {t('signedOut.title')}
      </h2>
      <p className="mt-2 text-muted">{t(failed ? 'signedOut.bodyFailed' : 'signedOut.body')}</p>
      <div className="mt-4">
        <Link href={`/auth/login?next=${encodeURIComponent(next)}`} className={actionClass}>
          {t('signedOut.signIn')}
        </Link>
      </div>
    </section>
  );
  if (outcome.error instanceof ApiClientError && outcome.error.status === 404) {
    return (
      <div className="space-y-4">
        <EmptyState title={t('unknown.title')} body={t('unknown.body')} />
        {signIn(false)}
      </div>
    );
  }
  if (!data) return <div className="min-h-40" aria-busy="true" />;
  const amount = formats.money(data.amount_minor, data.currency);
  const pending = data.status === 'pending' || data.status === 'initiated';
  const [tone, title, lines] =
    data.status === 'paid'
      ? ['border-emerald-300 bg-emerald-50', t('paid.title'), [t('paid.body', { amount }), t('paid.next')]]
      : data.status === 'failed'
        ? ['border-red-300 bg-red-50', t('failed.title'), [data.failure_reason && hasMessage(t, `reasons.${data.failure_reason}`) ? messageOf(t, `reasons.${data.failure_reason}`) : t('reasons.other'), t('failed.body', { amount })]]
        : pending
          ? ['border-slate-200 bg-white', t('pending.title'), [t('pending.body')]]
          : ['border-slate-300 bg-slate-50', t(`${closedKind(data)}.title`), [t(`${closedKind(data)}.body`, { amount })]];
  return (
    <div className="space-y-4">
      <section className={`rounded-xl border p-6 ${tone}`} aria-labelledby="outcome-title" aria-busy={pending || undefined} data-payment-state={data.status}>
        <h2 id="outcome-title" className="text-xl font-bold">
          {title}
        </h2>
        {lines.map((line) => (
          <p key={line} className="mt-2">
            {line}
          </p>
        ))}
      </section>
      {signIn(data.status === 'failed')}
    </div>
  );
}

/**
 * A declined attempt. Gone back to (or reloaded) after a later payment on the request went through, it says where
 * the request stands now, not "payment failed" (issue 57, item 8).
 */
function Failed({ data, amount }: { data: Payment; amount: string }) {
  const t = useTranslations('CheckPayment');
  const request = useRequest(data.request_id);
  const moneyLine = useMoneyLine();
  const part = request.data?.payment_plan?.parts.find((planned) => planned.part === data.part);
  const firstPaid = (data.part === 'full' || data.part === 'deposit') && (request.data?.money?.paid_minor ?? 0) > 0;
  const since = request.data && (firstPaid || (part && part.state !== 'due' && part.state !== 'late')) ? moneyLine(request.data) : null;
  if (since) {
    return (
      <section className="rounded-xl border border-emerald-300 bg-emerald-50 p-6" aria-labelledby="superseded-title" data-payment-state="superseded">
        <h2 id="superseded-title" className="text-xl font-bold text-emerald-900">
          {t('superseded.title')}
        </h2>
        <p className="mt-2">{t('superseded.body', { money: since })}</p>
        <div className="mt-4">
          <Link href={`/profile/requests/details/${data.request_id}`} className={actionClass}>
            {t('toRequest')}
          </Link>
        </div>
      </section>
    );
  }
  const reason = data.failure_reason && hasMessage(t, `reasons.${data.failure_reason}`) ? messageOf(t, `reasons.${data.failure_reason}`) : t('reasons.other');
  return (
    <section className="rounded-xl border border-red-300 bg-red-50 p-6" aria-labelledby="failed-title" data-payment-state="failed">
      <h2 id="failed-title" className="text-xl font-bold text-red-900">
        {t('failed.title')}
      </h2>
      <p className="mt-2">{reason}</p>
      <p className="mt-2 text-muted">{t('failed.body', { amount })}</p>
      <div className="mt-4">
        <PayButton requestId={data.request_id} part={data.part} label={t('failed.retry')} />
      </div>
    </section>
  );
}

function CheckPaymentState() {
  const t = useTranslations('CheckPayment');
  const formats = useFormats();
  const paymentId = useSearchParams().get('payment_id');
  const setPaymentStatus = useAuthStore((s) => s.setPaymentStatus);
  // The query string only says which payment to ask about; the server says what happened.
  const hydrated = useAuthHydrated();
  const signedIn = useAuthStore((s) => isSignedIn(s.userData));
  const payment = usePayment(hydrated && signedIn ? paymentId : null);
  const status = payment.data?.status;

  useEffect(() => {
    if (status === 'paid' || status === 'failed') setPaymentStatus(status);
    else if (status) setPaymentStatus('pending');
  }, [status, setPaymentStatus]);

  const toRequests = (
    <Link href="/profile/requests" className="font-semibold text-brand-800 underline underline-offset-4">
      {t('toRequests')}
    </Link>
  );
  if (!paymentId) return <EmptyState title={t('none.title')} body={t('none.body')} action={toRequests} />;
  if (!hydrated) return <div className="min-h-40" aria-busy="true" />;
  // Back from the gateway signed out (another host, an ended session): the result, and how to sign in.
  if (!signedIn) return <SignedOutOutcome paymentId={paymentId} />;
  if (payment.error instanceof ApiClientError && payment.error.status === 404) {
    return <EmptyState title={t('unknown.title')} body={t('unknown.body')} action={toRequests} />;
  }
  if (!payment.data) return <div className="min-h-40" aria-busy="true" />;

  const data = payment.data;
  const amount = formats.money(data.amount_minor, data.currency);
  // Kept on a closed request (docs/INSTALMENTS.md): it was paid.
  if (data.status === 'paid' || data.status === 'kept') return <Paid requestId={data.request_id} paymentId={data.id} amount={amount} part={data.part} />;
  if (data.status === 'failed') return <Failed data={data} amount={amount} />;
  if (data.status === 'voided' || data.status === 'refunding' || data.status === 'refunded' || data.status === 'partially_refunded') {
    // The request stopped awaiting this payment (cancelled, changed or expired): say what became of the money.
    // Authorised after the hold on the places ended: released, nothing taken.
    const kind = closedKind(data);
    return (
      <section className="rounded-xl border border-slate-300 bg-slate-50 p-6" aria-labelledby="closed-title" data-payment-state={data.status}>
        <h2 id="closed-title" className="text-xl font-bold">
          {t(`${kind}.title`)}
        </h2>
        <p className="mt-2">{t(`${kind}.body`, { amount })}</p>
        <div className="mt-4">
          <Link href={`/profile/requests/details/${data.request_id}`} className={actionClass}>
            {t('toRequest')}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-6" aria-labelledby="pending-title" aria-busy="true" data-payment-state="pending">
      <h2 id="pending-title" className="text-xl font-bold">
        {t('pending.title')}
      </h2>
      <p className="mt-2 text-muted">{t('pending.body')}</p>
      {data.redirect_url && (
        // Left the gateway's page without finishing: the same payment can be resumed.
        <a href={data.redirect_url} className={`mt-4 ${actionClass}`}>
          {t('pending.resume')}
        </a>
      )}
    </section>
  );
}

/** The landing page after the payment gateway; it never trusts its query string. */
export function CheckPayment() {
  return (
    <Providers>
      <Suspense fallback={<div className="min-h-40" aria-busy="true" />}>
        <CheckPaymentState />
      </Suspense>
    </Providers>
  );
}
