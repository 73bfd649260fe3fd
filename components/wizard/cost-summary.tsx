'use client';

import { useLocale, useTranslations } from 'next-intl';
import { packageFee } from '@/lib/requests/requests-api';
import type { RequestDetails, RequestTypeInfo } from '@/lib/contract/requests';
import { useFormats } from '@/lib/i18n/use-formats';
import { formatCount } from '@/lib/i18n/numbers';
import { useMoneyLine } from '@/components/payments/money-line';

/**
 * The cost on check answers, as the server computes it at submit (DESIGN
 * section 6): the chosen package's fee per pilgrim times the pilgrims in the request.
 * Sent again after changes, the fee is already paid and fixed: what was paid
 * is shown, and whether it still covers the pilgrims now in the request.
 */
export function CostSummary({ request, type, servicePackage, pilgrims }: { request: RequestDetails; type: RequestTypeInfo; servicePackage: string | undefined; pilgrims: number }) {
  const t = useTranslations('Wizard.cost');
  const locale = useLocale();
  const formats = useFormats();
  const count = formatCount(pilgrims, locale);
  const fee = packageFee(type, servicePackage);
  const line = t('line', { pilgrims, count, fee: formats.money(fee, type.currency), total: formats.money(fee * pilgrims, type.currency) });
  const paid = request.status === 'changes_requested' && request.fee_minor !== null && request.currency !== null && request.fee_pilgrims !== null;
  // What was paid and what is still owed, as the request's money state says it (issue 57, item 2): never "nothing more to pay" after a deposit.
  const money = useMoneyLine()(request);

  return (
    <section aria-labelledby="review-cost-title" id="review-cost" tabIndex={-1} className="rounded-xl border-2 border-brand-700 bg-brand-50 p-4">
      <h3 id="review-cost-title" className="text-lg font-semibold">
        {t('title')}
      </h3>
      {!paid && (
        <p className="mt-2 text-lg font-semibold text-ink" data-cost>
          {t('toPayNext', { line })}
        </p>
      )}
      {paid && request.fee_pilgrims === pilgrims && (
        <p className="mt-2 text-lg font-semibold text-ink" data-cost>
          {t('alreadyPaid', { money: money ?? '', pilgrims, count })}
        </p>
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
