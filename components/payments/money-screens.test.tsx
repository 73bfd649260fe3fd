// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import type { RequestDetails, RequestMoney, RequestTypeInfo } from '@/lib/contract/requests';
import type { OfficeRequest, QueueItem } from '@/lib/contract/office';
import type { SharedRequestSummary } from '@/lib/contract/families';
import { RequestCard } from '@/components/requests/request-card';
import { RequestFee } from '@/components/requests/request-fee';
import { SharedSummary } from '@/components/families/shared-summary';
import { QueueTable } from '@/components/office/queue/queue-table';
import { OfficePayments } from '@/components/office/office-request';
import { CostSummary } from '@/components/wizard/cost-summary';

// Every screen that shows a request's money reads the one money state (issue 57, item 2): after a deposit and after
// a partial refund, in both languages, none says "paid" / «مدفوع» alone, and none shows the whole fee as received.

vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }), usePathname: () => '/en/profile', useSearchParams: () => new URLSearchParams(), redirect: vi.fn(), permanentRedirect: vi.fn() }));

const FEE = 3_000_000;
const deposit: RequestMoney = { state: 'deposit_paid', currency: 'SAR', fee_minor: FEE, paid_minor: 600_000, refunded_minor: 0, refunding_minor: 0, outstanding_minor: 2_400_000, refund_due_minor: 0, next_due: { part: 'instalment-1', amount_minor: 1_200_000, due_at: '2027-01-23T20:59:59.999Z' } };
const partlyRefunded: RequestMoney = { state: 'partially_refunded', currency: 'SAR', fee_minor: 1_500_000, paid_minor: 1_500_000, refunded_minor: 1_400_000, refunding_minor: 0, outstanding_minor: 0, refund_due_minor: 0, next_due: null };

const base = {
  id: 'r1', reference: 'HJ-1448-000002', type: 'hajj' as const, step: 'declaration' as const, completed_steps: [], steps_total: 6, pilgrims: 2, fee_pilgrims: 2, applicant_name: 'Aisha Rahman',
  currency: 'SAR', version: 4, created_at: '2026-11-01T10:00:00.000Z', updated_at: '2026-11-02T10:00:00.000Z', submitted_at: '2026-11-01T10:00:00.000Z', pay_by: null, reserve_position: null,
};
const depositPayment = { id: 'p1', part: 'deposit', paid_by: 'Aisha Rahman', status: 'paid' as const, amount_minor: 600_000, refunded_minor: 0, currency: 'SAR', failure_reason: null, card_last4: '1111', provider: 'test', receipt_number: null, created_at: '2026-11-01T10:00:00.000Z', paid_at: '2026-11-01T10:00:00.000Z', refunded_at: null, refund_reason: null };
const refundedPayment = { ...depositPayment, part: 'full', status: 'partially_refunded' as const, amount_minor: 1_500_000, refunded_minor: 1_400_000, refunded_at: '2026-11-03T10:00:00.000Z', refund_reason: 'cancelled' };

function details(money: RequestMoney, status: RequestDetails['status']): RequestDetails {
  const refunded = money?.state === 'partially_refunded';
  // Paid in full, then the package changed (issue 57, item 6): one payment of the whole fee as it was.
  const changed = money!.next_due?.part.startsWith('difference-') || money!.state === 'refund_due' || (money!.state === 'paid' && money!.refunded_minor > 0);
  if (changed) {
    const full = { ...depositPayment, part: 'full', amount_minor: money!.paid_minor, status: money!.refunded_minor > 0 ? ('partially_refunded' as const) : ('paid' as const), refunded_minor: money!.refunded_minor };
    return {
      ...base, money, status, fee_minor: money!.fee_minor, data: { service: { package: 'economy' }, applicant: {}, companions: [{}] }, flagged: null, flag_notes: null, changes_due_at: null,
      payments: [full], documents: [], history: [], invitations: [], fee_package: money!.state === 'deposit_paid' ? 'premium' : 'economy', package_paid_for: money!.state === 'deposit_paid' ? { package: 'economy', fee_minor: 2_000_000 } : null,
      payment_plan: { choice: 'full', deposit_offered: false, parts: [{ part: 'full', percent: 100, amount_minor: money!.paid_minor, due_at: null, state: full.status, payment_id: 'p1', paid_at: full.paid_at, paid_by: 'Aisha Rahman', share_per_pilgrim_minor: money!.paid_minor / 2 }], outstanding_minor: money!.outstanding_minor, fee_per_pilgrim_minor: money!.fee_minor / 2, grace_days: 3 },
    };
  }
  return {
    ...base, money, status, fee_minor: money!.fee_minor, data: { service: { package: 'standard' }, applicant: {}, companions: [{}] }, flagged: null, flag_notes: null, changes_due_at: null,
    payments: [refunded ? refundedPayment : depositPayment], documents: [], history: [], invitations: [], fee_package: 'standard', package_paid_for: null,
    payment_plan: refunded
      ? { choice: 'full', deposit_offered: false, parts: [{ part: 'full', percent: 100, amount_minor: 1_500_000, due_at: null, state: 'partially_refunded', payment_id: 'p1', paid_at: '2026-11-01T10:00:00.000Z', paid_by: 'Aisha Rahman', share_per_pilgrim_minor: 750_000 }], outstanding_minor: 0, fee_per_pilgrim_minor: 750_000, grace_days: 3 }
      : {
          choice: 'instalments', deposit_offered: false, outstanding_minor: 2_400_000, fee_per_pilgrim_minor: 1_500_000, grace_days: 3,
          parts: [
            { part: 'deposit', percent: 20, amount_minor: 600_000, due_at: null, state: 'paid', payment_id: 'p1', paid_at: '2026-11-01T10:00:00.000Z', paid_by: 'Aisha Rahman', share_per_pilgrim_minor: 300_000 },
            { part: 'instalment-1', percent: 40, amount_minor: 1_200_000, due_at: '2027-01-23T20:59:59.999Z', state: 'due', payment_id: null, paid_at: null, paid_by: null, share_per_pilgrim_minor: 600_000 },
            { part: 'instalment-2', percent: 40, amount_minor: 1_200_000, due_at: '2027-03-23T20:59:59.999Z', state: 'due', payment_id: null, paid_at: null, paid_by: null, share_per_pilgrim_minor: 600_000 },
          ],
        },
  };
}

function office(money: RequestMoney, status: RequestDetails['status']): OfficeRequest {
  const own = details(money, status);
  return {
    ...own, flagged: {}, flag_notes: {}, payments: own.payments.map((payment) => ({ ...payment, recorded_by: null })), history: [], documents: [], account: null, assigned_to: null, notes: [], due_at: null, overdue: false,
    duplicates: [], changes: [],
  } as unknown as OfficeRequest;
}

const screens: Record<string, (money: RequestMoney, status: RequestDetails['status']) => ReactNode> = {
  'the request page': (money, status) => <RequestFee request={details(money, status)} />,
  'the requests list': (money, status) => <RequestCard request={{ ...base, money, status, fee_minor: money!.fee_minor }} />,
  'the companion’s part': (money, status) => (
    <SharedSummary request={{ ...base, money, status, pilgrim: 'companion-0', organiser_name: 'Aisha Rahman', confirmed_at: null } as SharedRequestSummary} titleId="t" />
  ),
  'the console’s queue': (money, status) => (
    <QueueTable
      items={[{ ...base, money, status, fee_minor: money!.fee_minor, assigned_to: null, due_at: null, overdue: false, possible_duplicate: false } as unknown as QueueItem]}
      grouped={false}
      pathname="/en/office/requests"
      selected={new Set()}
      onSelect={() => undefined}
      active={-1}
      onActive={() => undefined}
    />
  ),
  'the console’s request page': (money, status) => <OfficePayments request={office(money, status)} />,
};

function show(node: ReactNode, locale: 'en' | 'ar') {
  return render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : ar} timeZone="Asia/Riyadh">
      {node}
    </NextIntlClientProvider>,
  );
}

// "Paid" or «مدفوع» said of the request: not "Paid in full"/«مدفوع بالكامل», nor one payment's own state
// ("SAR 6,000.00 – paid", «مدفوعة»), which is true of that payment.
const paidAlone = { en: /\bPaid\b(?! (in full|so far|by))/, ar: /(?<!\p{L})مدفوع(?!\p{L})(?! بالكامل)/u };
const whole = { en: /30,000\.00/, ar: /٣٠٬٠٠٠٫٠٠/ };
const text = (container: HTMLElement) => container.textContent!.replace(/\s/g, ' ');

afterEach(cleanup);

describe.each(['en', 'ar'] as const)('money on every screen, in %s', (locale) => {
  it.each(Object.keys(screens))('%s, after a deposit: the deposit and what is still owed, never "paid"', (name) => {
    const { container } = show(screens[name]!(deposit, 'submitted'), locale);
    const shown = text(container);
    if (name === 'the console’s queue') expect(shown).toContain(locale === 'en' ? en.Money.state.deposit_paid : ar.Money.state.deposit_paid);
    else {
      expect(shown).toContain(locale === 'en' ? 'Deposit paid: SAR 6,000.00; SAR 24,000.00 still to pay' : 'دُفع العربون: ٦٬٠٠٠٫٠٠ ريال سعودي؛ المتبقي للدفع ٢٤٬٠٠٠٫٠٠ ريال سعودي');
      // The next date in both calendars.
      expect(shown).toMatch(locale === 'en' ? /still to pay by .*1448 AH \(January 2[34], 2027\)/ : /قبل .*١٤٤٨ هـ \(.*٢٠٢٧\)/);
    }
    expect(shown).not.toMatch(paidAlone[locale]);
    // The whole fee is shown only as the fee, never as money received.
    expect(shown).not.toMatch(locale === 'en' ? /(received|Paid in full)[^.;]*30,000\.00/ : /(استلمنا|مدفوع بالكامل)[^.؛]*٣٠٬٠٠٠٫٠٠/);
  });

  it.each(Object.keys(screens))('%s, after a partial refund: the amount refunded of what was paid', (name) => {
    const { container } = show(screens[name]!(partlyRefunded, 'cancelled'), locale);
    const shown = text(container);
    if (name === 'the console’s queue') expect(shown).toContain(locale === 'en' ? en.Money.state.partially_refunded : ar.Money.state.partially_refunded);
    else expect(shown).toContain(locale === 'en' ? 'SAR 14,000.00 refunded of SAR 15,000.00' : 'استُرد ١٤٬٠٠٠٫٠٠ ريال سعودي من ١٥٬٠٠٠٫٠٠ ريال سعودي');
    expect(shown).not.toMatch(locale === 'en' ? /\bRefunded\b(?! of)/ : /(^|\s)مُسترد(\s|$)/);
    expect(shown).not.toMatch(whole[locale]);
  });

  it('check answers before a resend: what was paid and what is still owed, never "nothing more to pay"', () => {
    const type = { id: 'hajj', currency: 'SAR', fee_minor: 1_500_000, fees_minor: { standard: 1_500_000 } } as unknown as RequestTypeInfo;
    const { container } = show(<CostSummary request={details(deposit, 'changes_requested')} type={type} servicePackage="standard" pilgrims={2} />, locale);
    const shown = text(container);
    expect(shown).toContain(locale === 'en' ? 'Deposit paid: SAR 6,000.00; SAR 24,000.00 still to pay' : 'دُفع العربون');
    expect(shown).not.toMatch(locale === 'en' ? /Nothing more to pay/ : /لا يلزم دفع المزيد/);
  });
});

// A package changed after paying (issue 57, item 6): paid SAR 20,000.00 for economy, then a dearer package owes its
// difference; or paid SAR 30,000.00 for standard, then a cheaper one holds SAR 10,000.00 to be refunded.
const differenceOwed: RequestMoney = { state: 'deposit_paid', currency: 'SAR', fee_minor: 5_000_000, paid_minor: 2_000_000, refunded_minor: 0, refunding_minor: 0, outstanding_minor: 3_000_000, refund_due_minor: 0, next_due: { part: 'difference-1', amount_minor: 3_000_000, due_at: null } };
const refundDue: RequestMoney = { state: 'refund_due', currency: 'SAR', fee_minor: 2_000_000, paid_minor: 3_000_000, refunded_minor: 0, refunding_minor: 0, outstanding_minor: 0, refund_due_minor: 1_000_000, next_due: null };
const changeRefunded: RequestMoney = { ...refundDue, state: 'paid', refunded_minor: 1_000_000, refund_due_minor: 0 };

describe.each(['en', 'ar'] as const)('money after a package change, in %s', (locale) => {
  const words = locale === 'en' ? en : ar;
  const lines = {
    owed: { en: 'Paid: SAR 20,000.00; SAR 30,000.00 still to pay for the package change', ar: 'المدفوع: ٢٠٬٠٠٠٫٠٠ ريال سعودي؛ المتبقي للدفع ٣٠٬٠٠٠٫٠٠ ريال سعودي لتغيير الباقة' },
    due: { en: 'Paid in full: SAR 20,000.00, and SAR 10,000.00 more, to be refunded for the package change', ar: 'مدفوع بالكامل: ٢٠٬٠٠٠٫٠٠ ريال سعودي، وزيادة ١٠٬٠٠٠٫٠٠ ريال سعودي تُسترد لتغيير الباقة' },
    back: { en: 'Paid in full: SAR 20,000.00 (SAR 10,000.00 refunded for the package change)', ar: 'مدفوع بالكامل: ٢٠٬٠٠٠٫٠٠ ريال سعودي (استُرد ١٠٬٠٠٠٫٠٠ ريال سعودي لتغيير الباقة)' },
  };
  const unpaid = { en: /Not paid|Awaiting payment|Deposit paid/, ar: /غير مدفوع|بانتظار الدفع|دُفع العربون/ };

  it.each(Object.keys(screens))('%s: the difference still to pay, never "deposit" nor "not paid"', (name) => {
    const shown = text(show(screens[name]!(differenceOwed, 'changes_requested'), locale).container);
    expect(shown).toContain(name === 'the console’s queue' ? words.Money.state.difference_owed : lines.owed[locale]);
    expect(shown).not.toMatch(unpaid[locale]);
  });

  it.each(Object.keys(screens))('%s: the difference to be refunded, never owing nor unpaid', (name) => {
    const shown = text(show(screens[name]!(refundDue, 'submitted'), locale).container);
    expect(shown).toContain(name === 'the console’s queue' ? words.Money.state.refund_due : lines.due[locale]);
    expect(shown).not.toMatch(unpaid[locale]);
    expect(shown).not.toMatch(locale === 'en' ? /still to pay/ : /المتبقي للدفع/);
  });

  it('once the difference went back: paid in full for the new package, with what went back', () => {
    expect(text(show(screens['the request page']!(changeRefunded, 'submitted'), locale).container)).toContain(lines.back[locale]);
  });

  it('the pay page asks for the difference, and the console offers its refund filled with, and capped at, the difference', async () => {
    const { Confirmation } = await import('@/components/wizard/confirmation');
    const { PackageRefund } = await import('@/components/office/request/package-refund');
    const { QueryClient, QueryClientProvider } = await import('@tanstack/react-query');
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    client.setQueryData(['requests', 'one', 'r1'], details(differenceOwed, 'changes_requested'));
    const withClient = (node: ReactNode) => <QueryClientProvider client={client}>{node}</QueryClientProvider>;
    const pay = text(show(withClient(<Confirmation id="r1" />), locale).container);
    expect(pay).toContain(locale === 'en' ? 'Pay the difference for the package change: SAR 30,000.00' : 'ادفع فرق تغيير الباقة: ٣٠٬٠٠٠٫٠٠ ريال سعودي');
    expect(pay).toContain(locale === 'en' ? 'Pay the difference: SAR 30,000.00' : 'ادفع الفرق: ٣٠٬٠٠٠٫٠٠ ريال سعودي');
    cleanup();
    const { container } = show(withClient(<PackageRefund request={{ ...office(refundDue, 'submitted'), refund_proposal: null }} role="finance" />), locale);
    expect(text(container)).toContain(words.Office.request.packageRefund.title);
    expect((container.querySelector('#package-refund-amount') as HTMLInputElement).value).toBe('10000.00');
  });
});

// Check answers before a resend on a request whose changes were asked for (issue 57, item 6 after review, a): what was
// paid, what is still owed, and what the package chosen now changes, in both languages.
describe.each(['en', 'ar'] as const)('check answers before a resend, after a package change, in %s', (locale) => {
  const type = { id: 'hajj', currency: 'SAR', fee_minor: 1_000_000, fees_minor: { economy: 1_000_000, standard: 1_500_000, premium: 2_500_000 } } as unknown as RequestTypeInfo;
  const cost = (request: RequestDetails, pkg: string) => text(show(<CostSummary request={request} type={type} servicePackage={pkg} pilgrims={2} />, locale).container);
  const paidEconomy: RequestMoney = { ...changeRefunded, paid_minor: 2_000_000, refunded_minor: 0 };
  const paidStandard: RequestMoney = { ...paidEconomy, fee_minor: 3_000_000, paid_minor: 3_000_000 };
  const en2 = <T,>(a: T, b: T) => (locale === 'en' ? a : b);
  // Paid in full for a package, no plan: the fixture of a package change, with this money.
  const paidIn = (money: RequestMoney, pkg: string): RequestDetails => ({ ...details(refundDue, 'changes_requested'), money, fee_minor: money!.fee_minor, fee_package: pkg, package_paid_for: null });

  it('a dearer package: what was paid, and the difference to pay before the request goes back', () => {
    const shown = cost(paidIn(paidEconomy, 'economy'), 'premium');
    expect(shown).toContain(en2('The package you chose: 2 pilgrims × SAR 25,000.00 = SAR 50,000.00', 'الباقة التي اخترتها: حاجّان × ٢٥٬٠٠٠٫٠٠ ريال سعودي = ٥٠٬٠٠٠٫٠٠ ريال سعودي'));
    expect(shown).toContain(en2('Paid so far: SAR 20,000.00.', 'المدفوع حتى الآن: ٢٠٬٠٠٠٫٠٠ ريال سعودي.'));
    expect(shown).toContain(en2('Still to pay for the package change: SAR 30,000.00', 'المتبقي للدفع لتغيير الباقة: ٣٠٬٠٠٠٫٠٠ ريال سعودي'));
    expect(shown).not.toMatch(en2('Paid in full', 'مدفوع بالكامل'));
  });

  it('a cheaper package: what was paid, and the difference the office refunds', () => {
    const shown = cost(paidIn(paidStandard, 'standard'), 'economy');
    expect(shown).toContain(en2('Paid so far: SAR 30,000.00.', 'المدفوع حتى الآن: ٣٠٬٠٠٠٫٠٠ ريال سعودي.'));
    expect(shown).toContain(en2('the office refunds the difference of SAR 10,000.00', 'ويردّ إليك المكتب الفرق البالغ ١٠٬٠٠٠٫٠٠ ريال سعودي'));
    expect(shown).not.toMatch(en2(/still to pay/i, /المتبقي للدفع/));
  });

  it('sent again with a dearer package, its difference still owed: still to pay; the package paid for chosen again: nothing more', () => {
    const waiting = details(differenceOwed, 'changes_requested');
    expect(cost(waiting, 'premium')).toContain(en2('Still to pay for the package change: SAR 30,000.00', 'المتبقي للدفع لتغيير الباقة: ٣٠٬٠٠٠٫٠٠ ريال سعودي'));
    cleanup();
    const back = cost(waiting, 'economy');
    expect(back).toContain(en2('The package you chose: 2 pilgrims × SAR 10,000.00 = SAR 20,000.00', 'الباقة التي اخترتها: حاجّان × ١٠٬٠٠٠٫٠٠ ريال سعودي = ٢٠٬٠٠٠٫٠٠ ريال سعودي'));
    expect(back).toContain(locale === 'en' ? en.Wizard.cost.backToPaid : ar.Wizard.cost.backToPaid);
  });

  it('the same package: what was paid, nothing about a difference', () => {
    const shown = cost(paidIn(paidEconomy, 'economy'), 'economy');
    expect(shown).toContain(en2('Paid in full: SAR 20,000.00', 'مدفوع بالكامل: ٢٠٬٠٠٠٫٠٠ ريال سعودي'));
    expect(shown).not.toMatch(en2(/package change|package you chose/, /لتغيير الباقة|الباقة التي اخترتها/));
  });

  it('on an instalment plan, another package: the office arranges it (the refusal said before sending)', () => {
    const shown = cost(details(deposit, 'changes_requested'), 'premium');
    expect(shown).toContain(en2('This request is paid in instalments, on a fee of SAR 30,000.00; the package chosen now costs SAR 50,000.00', 'هذا الطلب يُدفع على أقساط، على رسوم قدرها ٣٠٬٠٠٠٫٠٠ ريال سعودي'));
    cleanup();
    // The package it was sent with: the money line, as before.
    expect(cost(details(deposit, 'changes_requested'), 'standard')).toContain(en2('Deposit paid: SAR 6,000.00; SAR 24,000.00 still to pay', 'دُفع العربون'));
  });
});

// The card a payment was made with (issue 63, item 8): named in words, its masked number «•••• 1111» in an isolate of
// its own, left to right and marked as an identifier, so that Arabic around it never reorders it.
describe('the card of a payment', () => {
  for (const [locale, word] of [['en', 'Card'], ['ar', 'البطاقة']] as const) {
    it(`reads "${word} •••• 1111", the number left to right (${locale})`, () => {
      const { getByTestId } = show(<RequestFee request={details(deposit, 'submitted')} />, locale);
      const card = getByTestId('card-p1');
      expect(card.textContent).toBe(`${word} •••• 1111`);
      const number = card.querySelector('bdi')!;
      expect(number.getAttribute('dir')).toBe('ltr');
      expect(number.hasAttribute('data-identifier')).toBe(true);
      expect(number.textContent).toBe('•••• 1111');
    });
  }
});
