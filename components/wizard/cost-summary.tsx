'use client';

import { useLocale, useTranslations } from 'next-intl';
import { packageFee } from '@/lib/requests/requests-api';
import type { RequestDetails, RequestTypeInfo } from '@/lib/contract/requests';
import { useFormats } from '@/lib/i18n/use-formats';
import { formatCount } from '@/lib/i18n/numbers';
import { useMoneyLine } from '@/components/payments/money-line';

type Resend = { kind: 'same' | 'back' | 'dearer' | 'cheaper' | 'on_plan'; newFee: number; held: number };

/**
 * What sending again after changes would do to the money, as the server computes it at submit (requests.ts,
 * docs/INSTALMENTS.md "A package changed after paying"): the package whose places the request holds keeps its fee,
 * the package paid for (kept aside while a dearer one's difference is owed) its fee paid, another package the
 * catalogue's fee now times the pilgrims. Against what is held (paid, less what went back): dearer owes the
 * difference before the request goes back to the office, cheaper goes back with the difference to be refunded,
 * and a request on an instalment plan cannot take another fee. Null before the request was paid.
 */
export function resendCost(request: RequestDetails, type: Pick<RequestTypeInfo, 'fee_minor' | 'fees_minor'>, servicePackage: string | undefined, pilgrims: number): Resend | null {
  if (request.status !== 'changes_requested' || request.fee_minor === null || !request.money) return null;
  const { money } = request;
  const held = money.fee_minor - money.outstanding_minor + money.refund_due_minor;
  const newFee =
    servicePackage === request.fee_package || request.fee_package === null
      ? request.fee_minor
      : request.package_paid_for && servicePackage === request.package_paid_for.package
        ? request.package_paid_for.fee_minor
        : packageFee(type, servicePackage) * pilgrims;
  // On a plan what is owed is its instalments, paid apart: only another fee says anything more.
  if (request.payment_plan?.choice === 'instalments') return { kind: newFee === request.fee_minor ? 'same' : 'on_plan', newFee, held };
  // The package paid for chosen again while a dearer one's difference is owed: nothing more to pay.
  if (newFee === held && newFee !== request.fee_minor) return { kind: 'back', newFee, held };
  return { kind: newFee > held ? 'dearer' : newFee < held ? 'cheaper' : 'same', newFee, held };
}

/**
 * The cost on check answers, as the server computes it at submit (DESIGN
 * section 6): the chosen package's fee per pilgrim times the pilgrims in the request.
 * Sent again after changes, the fee is already paid: what was paid is shown, what
 * is still owed, and what a package chosen in the changes does to it (its
 * difference to pay, or to be refunded), and whether the fee still covers the
 * pilgrims now in the request.
 */
export function CostSummary({
  request,
  type,
  servicePackage,
  pilgrims,
  full = false,
}: {
  request: RequestDetails;
  type: RequestTypeInfo;
  servicePackage: string | undefined;
  pilgrims: number;
  /** Too few places left to send (issue 63, item 1): paid once places are offered, not on the next page. */
  full?: boolean;
}) {
  const t = useTranslations('Wizard.cost');
  const errors = useTranslations('ApiErrors');
  const locale = useLocale();
  const formats = useFormats();
  const count = formatCount(pilgrims, locale);
  const fee = packageFee(type, servicePackage);
  const line = t('line', { pilgrims, count, fee: formats.money(fee, type.currency), total: formats.money(fee * pilgrims, type.currency) });
  const paid = request.status === 'changes_requested' && request.fee_minor !== null && request.currency !== null && request.fee_pilgrims !== null;
  // What was paid and what is still owed, as the request's money state says it (issue 57, item 2): never "nothing more to pay" after a deposit.
  const money = useMoneyLine()(request);
  const resend = paid && request.fee_pilgrims === pilgrims ? resendCost(request, type, servicePackage, pilgrims) : null;
  const currency = request.currency ?? type.currency;
  const sum = (minor: number) => formats.money(minor, currency);
  // The new package's line, from the fee sending would set (the fee paid for a package paid for, not today's price).
  const newLine = resend && t('line', { pilgrims, count, fee: sum(resend.newFee / pilgrims), total: sum(resend.newFee) });

  return (
    <section aria-labelledby="review-cost-title" id="review-cost" tabIndex={-1} className="rounded-xl border-2 border-brand-700 bg-brand-50 p-4">
      <h3 id="review-cost-title" className="text-lg font-semibold">
        {t('title')}
      </h3>
      {!paid && (
        <p className="mt-2 text-lg font-semibold text-ink" data-cost>
          {full ? t('toPayWhenPlaced', { line }) : t('toPayNext', { line })}
        </p>
      )}
      {resend?.kind === 'same' && (
        <p className="mt-2 text-lg font-semibold text-ink" data-cost>
          {t('alreadyPaid', { money: money ?? '', pilgrims, count })}
        </p>
      )}
      {resend && resend.kind !== 'same' && (
        <div className="mt-2 space-y-1" data-cost>
          <p className="font-semibold text-ink">{t('newPackage', { line: newLine! })}</p>
          <p className="text-ink">{t('paidSoFar', { paid: sum(resend.held) })}</p>
          {resend.kind === 'dearer' && <p className="font-semibold text-ink">{t('differenceToPay', { difference: sum(resend.newFee - resend.held) })}</p>}
          {resend.kind === 'back' && <p className="font-semibold text-ink">{t('backToPaid')}</p>}
          {resend.kind === 'cheaper' && <p className="font-semibold text-ink">{t('differenceRefunded', { difference: sum(resend.held - resend.newFee) })}</p>}
          {resend.kind === 'on_plan' && <p className="font-semibold text-red-800">{errors('package_on_plan', { paid: sum(request.fee_minor!), now: sum(resend.newFee) })}</p>}
        </div>
      )}
      {paid && request.fee_pilgrims !== pilgrims && (
        <div className="mt-2 space-y-1" data-cost>
          <p className="font-semibold text-ink">{t('newFee', { line })}</p>
          <p className="text-ink">{t('paidFor', { money: money ?? '', pilgrims: request.fee_pilgrims!, count: formatCount(request.fee_pilgrims!, locale) })}</p>
          <p className="font-semibold text-red-800">{t('keepPilgrims')}</p>
        </div>
      )}
    </section>
  );
}
