'use client';

import { useTranslations } from 'next-intl';
import type { PaymentPlanView, RequestDetails, RequestSummary } from '@/lib/contract/requests';
import { AnswerList } from './answer-list';
import { PaymentParts, receiptUrl, usePartName } from '@/components/payments/payment-plan';
import { useFormats } from '@/lib/i18n/use-formats';

type PaymentLine = 'awaiting' | 'paid' | 'refunding' | 'refunded' | 'unpaid';

/**
 * What the request says about payment. Money paid at the office's counter is a
 * payment like any other (with its receipt number); a request moved on before
 * counter payments were recorded, with no payment here, says nothing rather than "not paid".
 */
export function paymentLine(request: Pick<RequestSummary, 'payment' | 'status'>): PaymentLine | null {
  if (request.payment === 'paid' || request.payment === 'refunding' || request.payment === 'refunded') return request.payment;
  if (request.status === 'pending_payment') return 'awaiting';
  if (request.payment === 'unpaid' && (request.status === 'cancelled' || request.status === 'expired')) return 'unpaid';
  return null;
}

/**
 * Where a request's payment stands, in words: a request paid by its deposit with instalments still owed says so
 * ("Deposit paid, SAR … still to pay": "paid" would say too much); null when there is nothing to say.
 */
export function usePaymentText(request: Pick<RequestSummary, 'payment' | 'status'> & { payment_plan?: PaymentPlanView | null; currency?: string | null }) {
  const t = useTranslations('RequestDetails.fee');
  const { money } = useFormats();
  const plan = request.payment_plan;
  if (plan?.choice === 'instalments' && plan.outstanding_minor > 0 && request.currency) return t('states.partly', { amount: money(plan.outstanding_minor, request.currency) });
  const line = paymentLine(request);
  return line ? t(`states.${line}`) : null;
}

/** The fee for all pilgrims, where its payment stands, and any attempts to pay. */
export function RequestFee({ request }: { request: RequestDetails }) {
  const t = useTranslations('RequestDetails.fee');
  const receipt = useTranslations('Payments');
  const { money, number: formatNumber } = useFormats();
  const plan = useTranslations('Payments.plan');
  const partName = usePartName();
  const fee = request.fee_minor !== null && request.currency ? money(request.fee_minor, request.currency) : null;
  const state = usePaymentText(request);

  return (
    <section aria-labelledby="fee-title" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="fee-title" className="mb-4 text-xl font-semibold">
        {t('title')}
      </h2>
      {fee === null ? (
        <p className="text-muted">{t('notSet')}</p>
      ) : (
        <AnswerList
          items={[
            { label: t('amount'), value: <span className="font-semibold">{fee}</span> },
            ...(state ? [{ label: t('payment'), value: state }] : []),
          ]}
        />
      )}
      {request.payment_plan && request.currency && request.pilgrims > 1 && (
        <p className="mt-3 text-sm text-muted">
          {plan('feePerPilgrim', { amount: money(request.payment_plan.fee_per_pilgrim_minor, request.currency), total: fee!, count: request.fee_pilgrims ?? request.pilgrims, shown: formatNumber(request.fee_pilgrims ?? request.pilgrims) })}
        </p>
      )}
      {request.payment_plan?.choice === 'instalments' && request.currency && (
        <>
          <h3 className="mt-5 mb-2 font-semibold">{plan('title')}</h3>
          <PaymentParts plan={request.payment_plan} currency={request.currency} payBy={null} />
          <p className="mt-2 text-sm text-muted">{plan('anyonePays')}</p>
        </>
      )}
      {request.payments.length > 0 && (
        <>
          <h3 className="mt-5 mb-2 font-semibold">{t('attempts')}</h3>
          <ul className="space-y-1 text-sm">
            {request.payments.map((payment) => (
              <li key={payment.id} className="flex flex-wrap items-center gap-x-3">
                <span>
                  {payment.part !== 'full' && <>{partName(payment.part)}: </>}
                  {t('attempt', { amount: money(payment.amount_minor, payment.currency), status: t(`attemptStatus.${payment.status}`) })}
                </span>
                {payment.paid_by && payment.status !== 'failed' && payment.status !== 'voided' && <span className="text-muted">{plan('paidBy', { name: payment.paid_by })}</span>}
                {payment.card_last4 && <span dir="ltr">•••• {payment.card_last4}</span>}
                {payment.provider === 'counter' && payment.receipt_number && <span>{t('counter', { receipt: payment.receipt_number })}</span>}
                {(payment.status === 'paid' || payment.status === 'refunded' || payment.status === 'kept') && (
                  <a href={receiptUrl(payment.id)} download className="text-brand-800 underline underline-offset-2">
                    {receipt('receipt')}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
