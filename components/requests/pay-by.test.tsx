// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import type { RequestSummary } from '@/lib/contract/requests';
import { PayBy } from './pay-by';

const HOUR = 3_600_000;
const awaiting = (payBy: number): RequestSummary => ({
  id: 'r1', money: { state: 'unpaid', currency: 'SAR', fee_minor: 250_000, paid_minor: 0, refunded_minor: 0, refunding_minor: 0, outstanding_minor: 250_000, refund_due_minor: 0, next_due: null }, reference: 'HJ-1448-000001', type: 'hajj', status: 'pending_payment', step: 'declaration', completed_steps: [], steps_total: 6, fee_pilgrims: 1,
  pilgrims: 2, applicant_name: null, fee_minor: 3_000_000, currency: 'SAR', version: 7, created_at: new Date().toISOString(), updated_at: new Date().toISOString(),
  submitted_at: new Date().toISOString(), pay_by: new Date(payBy).toISOString(), reserve_position: null,
});

function show(request: RequestSummary, locale: 'en' | 'ar' = 'en') {
  return render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : ar} timeZone="Asia/Riyadh">
      <PayBy request={request} />
    </NextIntlClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('PayBy', () => {
  it('says how much and by when, in Riyadh time, both calendars', () => {
    // 27 November 2026, 14:00 in Riyadh (UTC+3), seen a week before: a date
    // that stays days away whenever the test runs (it was within a day of the
    // clock from 26 November 2026, 11:00 UTC, and the test failed from then on).
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 20, 9, 0), toFake: ['Date'] });
    show(awaiting(Date.UTC(2026, 10, 27, 11, 0)));
    // Intl separates with no-break spaces: compared as plain spaces.
    expect(screen.getByTestId('pay-by').textContent!.replace(/\s/g, ' ')).toContain('Pay SAR 30,000.00 by November 27, 2026 at 2:00 PM');
    expect(screen.getByTestId('pay-by').textContent).toMatch(/1448 AH.*Riyadh time/);
    expect(screen.queryByText(en.PayBy.dueSoon)).toBeNull();
  });

  it('marks a deadline less than a day away', () => {
    show(awaiting(Date.now() + 5 * HOUR), 'ar');
    expect(screen.getByText(ar.PayBy.dueSoon)).toBeTruthy();
    // Amounts in the Arabic page's digits.
    expect(screen.getByTestId('pay-by').textContent).toContain('٣٠٬٠٠٠٫٠٠');
  });

  it('shows nothing for a request that awaits no payment', () => {
    const { container } = show({ ...awaiting(Date.now() + 5 * HOUR), status: 'submitted', pay_by: null });
    expect(container.textContent).toBe('');
  });
});
