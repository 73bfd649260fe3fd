import { describe, expect, it } from 'vitest';
import { moneyOf, paymentViewStatus, type MoneyPayment, type MoneyRequest } from './money';
import { moneyLine } from './money-words';
import { requestFormats } from '@/lib/i18n/formats';
import { translatorFor } from '@/lib/i18n/translator';

// The one money state (issue 57, item 2): what every screen, notice and CSV reads of a request's money.

const plan = { deposit_percent: 20, instalments: [{ percent: 40, due: '15-08-1448' }, { percent: 40, due: '15-09-1448' }] };
const request = (over: Partial<MoneyRequest> = {}): MoneyRequest => ({ status: 'submitted', feeMinor: 3_000_000, currency: 'SAR', paymentPlan: plan, ...over });
const pay = (part: string, amount: number, over: Partial<MoneyPayment> = {}): MoneyPayment => ({ part, status: 'paid', amount_minor: amount, refund_amount_minor: null, refund_reason: null, ...over });

describe('the money state', () => {
  it('has none before the fee is set (a draft, a reserved request)', () => {
    expect(moneyOf(request({ status: 'draft', feeMinor: null, currency: null }), [])).toBeNull();
    expect(moneyOf(request({ status: 'reserved', feeMinor: null, currency: null }), [])).toBeNull();
  });

  it('is unpaid while awaiting payment, the whole fee owed by the pay-by time', () => {
    const money = moneyOf(request({ status: 'pending_payment', paymentPlan: null }), [], '2027-01-01T12:00:00.000Z');
    expect(money).toMatchObject({ state: 'unpaid', paid_minor: 0, outstanding_minor: 3_000_000, next_due: { part: 'full', amount_minor: 3_000_000, due_at: '2027-01-01T12:00:00.000Z' } });
  });

  it('after a deposit is deposit_paid, never paid: what is still owed and the next instalment with its date', () => {
    const money = moneyOf(request(), [pay('deposit', 600_000)])!;
    expect(money.state).toBe('deposit_paid');
    expect(money.paid_minor).toBe(600_000);
    expect(money.outstanding_minor).toBe(2_400_000);
    expect(money.next_due).toMatchObject({ part: 'instalment-1', amount_minor: 1_200_000 });
    expect(money.next_due!.due_at).toMatch(/^2027-/);
  });

  it('is paid only when the whole fee is', () => {
    expect(moneyOf(request(), [pay('deposit', 600_000), pay('instalment-1', 1_200_000), pay('instalment-2', 1_200_000)])).toMatchObject({ state: 'paid', outstanding_minor: 0, next_due: null });
    expect(moneyOf(request({ paymentPlan: null }), [pay('full', 3_000_000)])).toMatchObject({ state: 'paid', outstanding_minor: 0 });
  });

  it('says partially_refunded with the amount when less than all went back, refunded when all did', () => {
    const partial = moneyOf(request({ status: 'cancelled', paymentPlan: null, feeMinor: 1_500_000 }), [pay('full', 1_500_000, { status: 'refunded', refund_amount_minor: 1_400_000, refund_reason: 'cancelled' })])!;
    expect(partial).toMatchObject({ state: 'partially_refunded', paid_minor: 1_500_000, refunded_minor: 1_400_000, outstanding_minor: 0 });
    const whole = moneyOf(request({ status: 'cancelled', paymentPlan: null, feeMinor: 1_500_000 }), [pay('full', 1_500_000, { status: 'refunded', refund_reason: 'cancelled' })])!;
    expect(whole).toMatchObject({ state: 'refunded', refunded_minor: 1_500_000 });
    const onItsWay = moneyOf(request({ status: 'cancelled', paymentPlan: null, feeMinor: 1_500_000 }), [pay('full', 1_500_000, { status: 'refunding', refund_reason: 'cancelled' })])!;
    expect(onItsWay).toMatchObject({ state: 'refunding', refunding_minor: 1_500_000, refunded_minor: 0 });
  });

  it('after a missed instalment: the deposit kept, the instalment refunded, is partially_refunded', () => {
    const money = moneyOf(request({ status: 'cancelled' }), [pay('deposit', 600_000, { status: 'kept' }), pay('instalment-1', 1_200_000, { status: 'refunded', refund_reason: 'instalment_missed' })])!;
    expect(money).toMatchObject({ state: 'partially_refunded', paid_minor: 1_800_000, refunded_minor: 1_200_000 });
  });

  it('is kept when a closed request kept all it took', () => {
    expect(moneyOf(request({ status: 'cancelled' }), [pay('deposit', 600_000, { status: 'kept' })])).toMatchObject({ state: 'kept', outstanding_minor: 0 });
  });

  it('never counts money that arrived when it was not the fee as paying an open request; a closed one says it went back', () => {
    const stray = pay('full', 3_000_000, { status: 'refunded', refund_reason: 'amount_mismatch' });
    expect(moneyOf(request({ status: 'pending_payment', paymentPlan: null }), [stray])).toMatchObject({ state: 'unpaid', paid_minor: 0, refunded_minor: 0, outstanding_minor: 3_000_000 });
    const late = pay('full', 3_000_000, { status: 'refunded', refund_reason: 'not_awaiting_payment' });
    expect(moneyOf(request({ status: 'cancelled', paymentPlan: null }), [late])).toMatchObject({ state: 'refunded', paid_minor: 3_000_000, refunded_minor: 3_000_000, outstanding_minor: 0 });
  });

  it('owes the difference of a dearer package chosen after paying', () => {
    const money = moneyOf(request({ status: 'changes_requested', paymentPlan: null, feeMinor: 4_000_000 }), [pay('full', 3_000_000)])!;
    expect(money).toMatchObject({ state: 'deposit_paid', outstanding_minor: 1_000_000, refund_due_minor: 0, next_due: { part: 'difference-1', amount_minor: 1_000_000, due_at: null } });
    // A second change names its own difference; once paid, the fee is paid in full.
    const again = moneyOf(request({ status: 'changes_requested', paymentPlan: null, feeMinor: 5_000_000 }), [pay('full', 3_000_000), pay('difference-1', 1_000_000)])!;
    expect(again.next_due).toMatchObject({ part: 'difference-2', amount_minor: 1_000_000 });
    expect(moneyOf(request({ status: 'submitted', paymentPlan: null, feeMinor: 4_000_000 }), [pay('full', 3_000_000), pay('difference-1', 1_000_000)])).toMatchObject({ state: 'paid', outstanding_minor: 0 });
  });

  it('after a cheaper package: refund_due while more than the fee is held, never owing; paid once the difference went back', () => {
    const cheaper = request({ status: 'submitted', paymentPlan: null, feeMinor: 2_000_000 });
    expect(moneyOf(cheaper, [pay('full', 3_000_000)])).toMatchObject({ state: 'refund_due', paid_minor: 3_000_000, outstanding_minor: 0, refund_due_minor: 1_000_000, next_due: null });
    // Approved: on its way, then given back; the payment stays paid for the rest.
    expect(moneyOf(cheaper, [pay('full', 3_000_000, { change_refund_minor: 1_000_000, change_refunded_minor: 0 })])).toMatchObject({ state: 'paid', refunding_minor: 1_000_000, refunded_minor: 0, refund_due_minor: 0 });
    const back = moneyOf(cheaper, [pay('full', 3_000_000, { change_refund_minor: 1_000_000, change_refunded_minor: 1_000_000 })])!;
    expect(back).toMatchObject({ state: 'paid', paid_minor: 3_000_000, refunded_minor: 1_000_000, refunding_minor: 0, outstanding_minor: 0 });
    // Cancelled later: the rest goes back, and what went back before is not counted twice.
    const closed = moneyOf({ ...cheaper, status: 'cancelled' }, [pay('full', 3_000_000, { status: 'refunded', refund_amount_minor: 2_000_000, change_refund_minor: 1_000_000, change_refunded_minor: 1_000_000 })]);
    expect(closed).toMatchObject({ state: 'refunded', refunded_minor: 3_000_000, refunding_minor: 0 });
    expect(paymentViewStatus({ status: 'paid', amountMinor: 3_000_000, refundAmountMinor: null, changeRefundMinor: 1_000_000, changeRefundedMinor: 1_000_000 })).toBe('partially_refunded');
  });

  it('answers a payment partly refunded as partially_refunded', () => {
    expect(paymentViewStatus({ status: 'refunded', amountMinor: 1_500_000, refundAmountMinor: 1_400_000 })).toBe('partially_refunded');
    expect(paymentViewStatus({ status: 'refunded', amountMinor: 1_500_000, refundAmountMinor: null })).toBe('refunded');
    expect(paymentViewStatus({ status: 'paid', amountMinor: 1_500_000, refundAmountMinor: null })).toBe('paid');
  });
});

describe('the money state in words', () => {
  const line = (locale: 'en' | 'ar', money: NonNullable<ReturnType<typeof moneyOf>>, status?: string) => {
    const t = translatorFor(locale);
    return moneyLine(money, (key, values) => t(`Money.${key}`, values), requestFormats(locale, 'Asia/Riyadh'), status);
  };

  it('says the deposit and what is still to pay by when, in both calendars, never "paid" alone', () => {
    const money = moneyOf(request(), [pay('deposit', 600_000)])!;
    const en = line('en', money);
    expect(en).toMatch(/^Deposit paid: SAR\s?6,000\.00; SAR\s?24,000\.00 still to pay by .*1448 AH \(.*2027\)$/);
    const ar = line('ar', money);
    expect(ar).toContain('دُفع العربون: ٦٬٠٠٠٫٠٠ ريال سعودي');
    expect(ar).toContain('المتبقي للدفع ٢٤٬٠٠٠٫٠٠ ريال سعودي قبل');
    expect(ar).not.toMatch(/(^|\s)مدفوع(\s|$)/);
  });

  it('says a partial refund as the amount refunded of what was paid', () => {
    const money = moneyOf(request({ status: 'cancelled', paymentPlan: null, feeMinor: 1_500_000 }), [pay('full', 1_500_000, { status: 'refunded', refund_amount_minor: 1_400_000 })])!;
    expect(line('en', money)).toMatch(/^SAR\s?14,000\.00 refunded of SAR\s?15,000\.00$/);
    expect(line('ar', money)).toBe('استُرد ١٤٬٠٠٠٫٠٠ ريال سعودي من ١٥٬٠٠٠٫٠٠ ريال سعودي');
  });

  it('says the whole fee paid in full', () => {
    expect(line('en', moneyOf(request({ paymentPlan: null }), [pay('full', 3_000_000)])!)).toMatch(/^Paid in full: SAR\s?30,000\.00$/);
  });

  it('after a package change: the difference still to pay, the difference to be refunded, then paid in full for the new fee (issue 57, item 6)', () => {
    const owing = moneyOf(request({ status: 'changes_requested', paymentPlan: null, feeMinor: 5_000_000 }), [pay('full', 2_000_000)])!;
    expect(line('en', owing)).toMatch(/^Paid: SAR\s?20,000\.00; SAR\s?30,000\.00 still to pay for the package change$/);
    expect(line('ar', owing)).toBe('المدفوع: ٢٠٬٠٠٠٫٠٠ ريال سعودي؛ المتبقي للدفع ٣٠٬٠٠٠٫٠٠ ريال سعودي لتغيير الباقة');
    const cheaper = request({ status: 'submitted', paymentPlan: null, feeMinor: 2_000_000 });
    const due = moneyOf(cheaper, [pay('full', 3_000_000)])!;
    expect(line('en', due)).toMatch(/^Paid in full: SAR\s?20,000\.00, and SAR\s?10,000\.00 more, to be refunded for the package change$/);
    expect(line('ar', due)).toBe('مدفوع بالكامل: ٢٠٬٠٠٠٫٠٠ ريال سعودي، وزيادة ١٠٬٠٠٠٫٠٠ ريال سعودي تُسترد لتغيير الباقة');
    const back = moneyOf(cheaper, [pay('full', 3_000_000, { change_refund_minor: 1_000_000, change_refunded_minor: 1_000_000 })])!;
    expect(line('en', back)).toMatch(/^Paid in full: SAR\s?20,000\.00 \(SAR\s?10,000\.00 refunded for the package change\)$/);
    expect(line('ar', back)).toBe('مدفوع بالكامل: ٢٠٬٠٠٠٫٠٠ ريال سعودي (استُرد ١٠٬٠٠٠٫٠٠ ريال سعودي لتغيير الباقة)');
  });
});
