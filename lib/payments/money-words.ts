import type { RequestMoney } from '@/lib/contract/requests';
import type { RequestFormats } from '@/lib/i18n/formats';

// A request's money state in words (messages `Money.*`), the same sentence on every page, list, notice, e-mail and
// CSV (issue 57, item 2): "Deposit paid: SAR 6,000.00; SAR 24,000.00 still to pay by 15 Sha'ban 1448 (23 January 2027)";
// after a package change, what is owed or to be refunded for it (item 6).
// Takes the caller's translator of the `Money` namespace, so it runs in the browser (useTranslations) and on the server.

type Money = NonNullable<RequestMoney>;
export type MoneyLineKey = `line.${Money['state'] | 'awaiting'}`;
type Say = (key: MoneyLineKey | 'next' | 'difference', values?: Record<string, string>) => string;
type Formats = Pick<RequestFormats, 'money' | 'moment'>;

/**
 * The money state's word (messages `Money.state.*`), for the lists and the CSV: a dearer package's difference still
 * to pay says so (`difference_owed`), never "Deposit paid" on a request paid in full before the change (issue 57, item 6).
 */
export function moneyStateKey(money: Money): Money['state'] | 'difference_owed' {
  return money.state === 'deposit_paid' && money.next_due?.part.startsWith('difference-') ? 'difference_owed' : money.state;
}

/** A due moment in both calendars: "15 Sha'ban 1448 AH (23 January 2027)". */
export function dueDay(formats: Formats, iso: string | null): string {
  if (!iso) return 'none';
  const { hijri, gregorian } = formats.moment(iso);
  return `${hijri} (${gregorian})`;
}

/** The line that says where a request's money stands. */
export function moneyLine(money: Money, say: Say, formats: Formats, status?: string): string {
  const amount = (minor: number) => formats.money(minor, money.currency);
  const back = money.refunded_minor + money.refunding_minor;
  const values = {
    // Taken, before refunds, where the line says what went back of it; elsewhere what is held for the fee (a
    // package change may have given some back while the request stayed open).
    paid: amount(money.state === 'partially_refunded' || money.state === 'refunding' || money.state === 'refunded' ? money.paid_minor : money.paid_minor - back),
    fee: amount(money.fee_minor),
    refund_due: amount(money.refund_due_minor),
    // On an open request paid in full: what a package change gave back, if anything.
    returned: back > 0 ? amount(back) : 'none',
    outstanding: amount(money.outstanding_minor),
    back: amount(back),
    pending: money.refunding_minor > 0 ? 'yes' : 'no',
    due: dueDay(formats, money.next_due?.due_at ?? null),
    // Only the deposit taken while the first instalment is owed next: "Deposit paid"; later, "Paid so far"; a dearer
    // package's difference says so.
    stage: money.next_due?.part === 'instalment-1' ? 'deposit' : money.next_due?.part.startsWith('difference-') ? 'difference' : 'more',
  };
  if (money.state === 'unpaid' && status === 'pending_payment') return say('line.awaiting', { amount: amount(money.outstanding_minor), due: values.due });
  return say(`line.${money.state}`, values);
}
