'use client';

import { useEffect } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useRequest } from '@/lib/requests/requests-api';
import type { RequestDetails } from '@/lib/contract/requests';
import { Link } from '@/components/ui/link';
import { PaymentChoice } from '@/components/payments/payment-plan';
import { useFormats } from '@/lib/i18n/use-formats';
import { PushOffer } from './push-offer';
import { DifferenceDue, owesDifference } from './difference-due';

/**
 * After sending. While the fee is unpaid the office has nothing yet, so the
 * page says what to pay and by when, with Pay as its first action; "Application
 * sent" is said only once the office has it (docs/NEXT-STEPS.md). Sent again
 * with a dearer package, it asks for the difference first (issue 57, item 6).
 */
export function Confirmation({ id }: { id: string }) {
  const t = useTranslations('Wizard.confirmation');
  const tw = useTranslations('Wizard');
  const { data: request, isFetchedAfterMount, error } = useRequest(id);
  // A draft has nothing to pay yet: back to its form (only on the server's word, never a cached copy).
  const draft = request?.status === 'draft' && isFetchedAfterMount;
  const router = useRouter();
  useEffect(() => {
    if (draft) router.replace(`/profile/requests/drafts/complete?id=${id}`);
  }, [draft, router, id]);
  if (error && !request) return <p role="alert" className="mx-auto max-w-3xl px-4 py-10 text-red-700">{tw('loadFailed')}</p>;
  if (!request || request.status === 'draft') return <div className="min-h-96" aria-busy="true" />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      {request.status === 'pending_payment' ? <AwaitingPayment request={request} /> : owesDifference(request) ? <DifferenceDue request={request} /> : <Sent request={request} />}
      <PushOffer />
      <div className="mt-8 flex flex-wrap gap-3">
        <Link href={`/profile/requests/details/${id}`} className="rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50">
          {t('toDetails')}
        </Link>
        <Link href="/profile/requests" className="rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50">
          {t('toRequests')}
        </Link>
      </div>
    </div>
  );
}

function Reference({ reference, light = false }: { reference: string | null; light?: boolean }) {
  const t = useTranslations('Wizard.confirmation');
  return (
    <>
      <p className={`mt-4 ${light ? 'text-brand-100' : 'text-muted'}`}>{t('reference')}</p>
      <p className="mt-1 text-3xl font-bold tracking-wide" dir="ltr" data-identifier data-testid="reference">
        {reference}
      </p>
    </>
  );
}

/** The server sets the fee and the deadline at submit; without them the page still says payment is due. */
function AwaitingPayment({ request }: { request: RequestDetails }) {
  const t = useTranslations('Wizard.confirmation');
  const formats = useFormats();
  const fee = request.fee_minor !== null && request.currency ? formats.money(request.fee_minor, request.currency) : null;
  const deadline = request.pay_by ? formats.deadline(request.pay_by) : null;
  return (
    <>
      <section className="rounded-2xl border-2 border-sand-400 bg-white p-6 sm:p-8" aria-labelledby="confirmation-title">
        <h1 id="confirmation-title" className="text-2xl font-bold">
          {fee && deadline ? t('payTitle', { fee, deadline: deadline.gregorian }) : t('nextPayNoFee')}
        </h1>
        {deadline && (
          <p className="mt-2 text-muted">
            <time dateTime={request.pay_by!}>{t('payDeadlineHijri', { hijri: deadline.hijri })}</time>
          </p>
        )}
        {fee && (
          <div className="mt-6">
            <PaymentChoice requestId={request.id} plan={request.payment_plan} currency={request.currency!} feeMinor={request.fee_minor!} payBy={request.pay_by} />
          </div>
        )}
        <p className="mt-6">{t('payLead')}</p>
        <Reference reference={request.reference} />
      </section>
      <section className="mt-8" aria-labelledby="next-title">
        <h2 id="next-title" className="text-xl font-semibold">
          {t('afterPayTitle')}
        </h2>
        <ol className="mt-3 list-decimal space-y-2 ps-6 text-muted">
          <li>{t('nextReview')}</li>
          <li>{t('nextNotify')}</li>
        </ol>
      </section>
    </>
  );
}

function Sent({ request }: { request: RequestDetails }) {
  const t = useTranslations('Wizard.confirmation');
  return (
    <>
      <section className="rounded-2xl bg-brand-800 p-8 text-center text-white" aria-labelledby="confirmation-title">
        <h1 id="confirmation-title" className="text-2xl font-bold">
          {/* Sent again after the office asked for changes (the history has that step before and after the refetch). */}
          {t(request.history.some((entry) => entry.to === 'changes_requested') ? 'resubmittedTitle' : 'title')}
        </h1>
        <Reference reference={request.reference} light />
      </section>
      <section className="mt-8" aria-labelledby="next-title">
        <h2 id="next-title" className="text-xl font-semibold">
          {t('nextTitle')}
        </h2>
        <ol className="mt-3 list-decimal space-y-2 ps-6 text-muted">
          <li>{t('nextReview')}</li>
          <li>{t('nextNotify')}</li>
        </ol>
      </section>
    </>
  );
}
