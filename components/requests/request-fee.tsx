'use client';

import { useTranslations } from 'next-intl';
import type { RequestDetails } from '@/lib/contract/requests';
import { useMoneyLine } from '@/components/payments/money-line';
import { AnswerList } from './answer-list';
import { PaymentParts, receiptUrl, usePartName } from '@/components/payments/payment-plan';
import { useFormats } from '@/lib/i18n/use-formats';

/** The fee for all pilgrims, where its payment stands, and any attempts to pay. */
export function RequestFee({ request }: { request: RequestDetails }) {
  const t = useTranslations('RequestDetails.fee');
  const receipt = useTranslations('Payments');
  const { money, number: formatNumber } = useFormats();
  const plan = useTranslations('Payments.plan');
  const partName = usePartName();
  const fee = request.fee_minor !== null && request.currency ? money(request.fee_minor, request.currency) : null;
  const state = useMoneyLine()(request);

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
                  {payment.status === 'partially_refunded'
                    ? t('attemptPartlyRefunded', { refunded: money(payment.refunded_minor, payment.currency), amount: money(payment.amount_minor, payment.currency) })
                    : t('attempt', { amount: money(payment.amount_minor, payment.currency), status: t(`attemptStatus.${payment.status}`) })}
                </span>
                {payment.paid_by && payment.status !== 'failed' && payment.status !== 'voided' && <span className="text-muted">{plan('paidBy', { name: payment.paid_by })}</span>}
                {/* The card's last digits as printed on it, «•••• 1111», left to right in an isolate of their own beside Arabic words (issue 63, item 8). */}
                {payment.card_last4 && (
                  <span data-testid={`card-${payment.id}`}>
                    {t.rich('card', {
                      last4: payment.card_last4,
                      number: (chunks) => (
                        <bdi dir="ltr" data-identifier>
                          {chunks}
                        </bdi>
                      ),
                    })}
                  </span>
                )}
                {payment.provider === 'counter' && payment.receipt_number && <span>{t('counter', { receipt: payment.receipt_number })}</span>}
                {(payment.status === 'paid' || payment.status === 'refunded' || payment.status === 'partially_refunded' || payment.status === 'kept') && (
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
