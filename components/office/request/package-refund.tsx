'use client';

import { useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { PlainButton } from '@/components/ui/plain-button';
import { plainAmount } from '@/lib/i18n/formats';
import { useFormats } from '@/lib/i18n/use-formats';
import { minorOf } from '@/lib/office/money-input';
import { can, type StaffRole } from '@/lib/office/roles';
import { usePackageRefund } from '@/lib/office/office-requests-api';
import type { OfficeRequest } from '@/lib/contract/office';

const CARD = 'rounded-xl border border-amber-700 bg-amber-50 p-5';
const fieldClass = 'rounded-lg border border-slate-500 bg-white px-3 py-2 focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink';

/**
 * A cheaper package chosen after paying (issue 57, item 6): the request holds more than its fee, and the difference
 * is to be refunded. Everyone in the console sees it; a finance member (or admin) proposes its refund, the form
 * filled with, and capped at, the difference; another member approves it (RefundProposal), and the request stays
 * as it is. Hidden while a proposal awaits its second member.
 */
export function PackageRefund({ request, role }: { request: OfficeRequest; role: StaffRole }) {
  const t = useTranslations('Office.request.packageRefund');
  const formats = useFormats();
  const propose = usePackageRefund(request.id);
  const money = request.money;
  const due = money?.state === 'refund_due' ? money.refund_due_minor : 0;
  const [amount, setAmount] = useState(() => plainAmount(due));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  if (done) return <p role="status" className="rounded-lg bg-brand-50 p-3">{t('proposed')}</p>;
  if (!money || due === 0 || request.refund_proposal) return null;
  const dueText = formats.money(due, money.currency);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const minor = minorOf(amount);
    if (minor === null || minor < 1 || minor > due) return setError(t('amountInvalid', { due: dueText }));
    setError(null);
    try {
      await propose.mutateAsync({ ...(minor < due ? { refund_minor: String(minor) } : {}), ...(note.trim() ? { note: note.trim() } : {}) });
      setDone(true);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('failed'));
    }
  };
  return (
    <section aria-labelledby="package-refund-title" className={CARD} data-testid="package-refund">
      <h2 id="package-refund-title" className="mb-2 text-lg font-bold">{t('title')}</h2>
      <p>{t('due', { amount: dueText, fee: formats.money(money.fee_minor, money.currency) })}</p>
      {can(role, 'payments') ? (
        <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-3">
          <label className="flex flex-col gap-1">
            <span className="font-semibold">{t('amount', { currency: formats.currencyLabel(money.currency) })}</span>
            <span className="text-sm text-muted" id="package-refund-hint">{t('amountHint', { due: dueText })}</span>
            {error && <span role="alert" className="text-sm font-medium text-red-700" id="package-refund-error">{error}</span>}
            <input
              id="package-refund-amount"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              inputMode="decimal"
              dir="ltr"
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={`package-refund-hint${error ? ' package-refund-error' : ''}`}
              className={`${fieldClass} w-56 max-w-full`}
            />
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-semibold">{t('note')}</span>
            <textarea value={note} onChange={(event) => setNote(event.target.value)} rows={2} maxLength={2000} className={fieldClass} />
          </label>
          <PlainButton type="submit" isPending={propose.isPending} className="self-start">{t('propose')}</PlainButton>
        </form>
      ) : (
        <p className="mt-2 text-sm">{t('financeOnly')}</p>
      )}
    </section>
  );
}
