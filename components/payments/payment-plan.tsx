'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import type { PaymentPlanView } from '@/lib/contract/requests';
import { partMessage } from '@/lib/payments/payment-plan';
import { useFormats } from '@/lib/i18n/use-formats';
import { focusRing } from '@/components/ui/focus-ring';
import { PayButton } from './pay-button';

type Part = PaymentPlanView['parts'][number];

/** Where a payment's receipt is downloaded (GET /payments/{id}/receipt). */
export const receiptUrl = (paymentId: string) => `${process.env.NEXT_PUBLIC_API_BASE_URL ?? '/api/v1'}/payments/${paymentId}/receipt`;

/** A part's name in the page's language: "Deposit", "Instalment 2". */
export function usePartName() {
  const t = useTranslations('Payments.parts');
  const formats = useFormats();
  return (part: string) => {
    const { key, number } = partMessage(part);
    // The number as the language writes numbers (Arabic-Indic in Arabic).
    return t(key, { number: formats.number(number) });
  };
}

/**
 * The parts of a fee (docs/INSTALMENTS.md), one under the other so that a
 * phone reads each whole: its amount and share per pilgrim, when it is due,
 * paid or not, by whom, with its receipt.
 */
export function PaymentParts({ plan, currency, payBy, receipts = true }: { plan: PaymentPlanView; currency: string; payBy: string | null; receipts?: boolean }) {
  const t = useTranslations('Payments.plan');
  const receipt = useTranslations('Payments');
  const partName = usePartName();
  const { money, deadline, moment } = useFormats();
  const dueText = (part: Part) => {
    if (part.due_at) {
      const due = moment(part.due_at);
      return `${t('due')}: ${due.hijri} (${due.gregorian})`;
    }
    if (!payBy) return null;
    // Both calendars, as every due date (issue 57, item 8).
    const by = deadline(payBy);
    return `${t('due')}: ${by.hijri} (${by.gregorian})`;
  };
  return (
    <ul aria-label={t('partsLabel')} className="divide-y divide-slate-200">
      {plan.parts.map((part: Part) => (
        <li key={part.part} className="flex flex-col gap-1 py-3" data-part={part.part}>
          <p className="flex justify-between gap-4 font-semibold">
            <span>{partName(part.part)}</span>
            <span>{money(part.amount_minor, currency)}</span>
          </p>
          <p className="flex flex-wrap justify-between gap-x-4 text-sm text-muted">
            <span>{dueText(part)}</span>
            <span>{t('perPilgrim', { amount: money(part.share_per_pilgrim_minor, currency) })}</span>
          </p>
          <p className="flex flex-wrap gap-x-3 text-sm">
            <span className={part.state === 'late' ? 'font-semibold text-red-700' : part.state === 'paid' ? 'font-semibold text-brand-800' : 'font-semibold'}>{t(`states.${part.state}`)}</span>
            {part.paid_by && <span className="text-muted">{t('paidBy', { name: part.paid_by })}</span>}
            {receipts && part.payment_id && (part.state === 'paid' || part.state === 'partially_refunded' || part.state === 'refunded' || part.state === 'kept') && (
              <a href={receiptUrl(part.payment_id)} download className="text-brand-800 underline underline-offset-2">
                {receipt('receipt')}
              </a>
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}

/**
 * The first payment: the whole fee, or the deposit when the service offers a
 * plan, with the plan's parts and its rule on a missed instalment shown before
 * the choice is made. Without a plan, the one button to pay the fee.
 */
export function PaymentChoice({ requestId, plan, currency, feeMinor, payBy }: { requestId: string; plan: PaymentPlanView | null; currency: string; feeMinor: number; payBy: string | null }) {
  const t = useTranslations('Payments.plan');
  const tp = useTranslations('Payments');
  const { money, number } = useFormats();
  const [choice, setChoice] = useState<'full' | 'deposit'>('full');
  const fee = money(feeMinor, currency);
  if (!plan?.deposit_offered) return <PayButton requestId={requestId} label={tp('pay', { fee })} part="full" />;
  const deposit = plan.parts[0]!;
  return (
    <div className="flex flex-col gap-4">
      <RadioGroup value={choice} onChange={(value) => setChoice(value as 'full' | 'deposit')} className="flex flex-col gap-2">
        <Label className="font-semibold">{t('choose')}</Label>
        {(
          [
            ['full', t('full', { amount: fee })],
            ['deposit', t('deposit', { amount: money(deposit.amount_minor, currency), count: plan.parts.length - 1, shown: number(plan.parts.length - 1) })],
          ] as const
        ).map(([value, label]) => (
          <Radio key={value} value={value} className="group flex cursor-default items-start gap-2">
            {({ isSelected, isFocusVisible }) => (
              <>
                <span className={`mt-0.5 size-5 shrink-0 rounded-full border-2 border-brand-700 bg-white ${isSelected ? 'border-[6px]' : ''} ${focusRing({ isFocusVisible })}`} />
                <span>{label}</span>
              </>
            )}
          </Radio>
        ))}
      </RadioGroup>
      {choice === 'deposit' && (
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
          <PaymentParts plan={plan} currency={currency} payBy={payBy} />
          <p className="mt-3 text-sm">{t('rules', { grace: number(plan.grace_days) })}</p>
        </div>
      )}
      <PayButton
        requestId={requestId}
        part={choice}
        label={choice === 'deposit' ? t('payPart', { part: tp('parts.deposit'), amount: money(deposit.amount_minor, currency) }) : tp('pay', { fee })}
      />
    </div>
  );
}

/** After the deposit: the next part owed, to pay now, by whoever is on the request. */
export function NextPartPay({ requestId, plan, currency }: { requestId: string; plan: PaymentPlanView | null; currency: string }) {
  const t = useTranslations('Payments.plan');
  const partName = usePartName();
  const { money } = useFormats();
  const next = plan?.choice === 'instalments' ? plan.parts.find((part) => part.state === 'due' || part.state === 'late') : undefined;
  if (!next) return null;
  return <PayButton requestId={requestId} part={next.part} label={t('payPart', { part: partName(next.part), amount: money(next.amount_minor, currency) })} />;
}
