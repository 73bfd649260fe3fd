// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import type { NeedsDoing } from '@/lib/contract/requests';
import { InstalmentDue } from './instalment-due';

// An instalment coming due on the account page (what needs doing): which, how much, by when, and Pay.

const due = (late: boolean): NeedsDoing['instalments_due'][number] => ({
  id: 'r1', money: { state: 'deposit_paid', currency: 'SAR', fee_minor: 3_000_000, paid_minor: 600_000, refunded_minor: 0, refunding_minor: 0, outstanding_minor: 2_400_000, refund_due_minor: 0, next_due: null }, reference: 'HJ-2027-000123', type: 'hajj', status: 'submitted', step: 'declaration', completed_steps: [], steps_total: 6,
  fee_pilgrims: 2, pilgrims: 2, applicant_name: 'Khadija', fee_minor: 1_000_000, currency: 'SAR', version: 4, created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z', submitted_at: '2026-11-01T10:00:00.000Z', pay_by: null, reserve_position: null,
  instalment: { part: 'instalment-1', amount_minor: 400_000, due_at: '2027-01-10T20:59:59.999Z', late, grace_days: 3 },
});

function show(late: boolean, locale: 'en' | 'ar') {
  return render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : ar} timeZone="Asia/Riyadh">
      <InstalmentDue request={due(late)} />
    </NextIntlClientProvider>,
  );
}

afterEach(cleanup);

describe('InstalmentDue', () => {
  it('names the part and its amount, its date in both calendars, and pays that part', () => {
    const { container } = show(false, 'en');
    expect(container.textContent).toContain('Instalment 1, SAR');
    expect(container.textContent).toContain('4,000.00');
    expect(container.querySelector('time')!.getAttribute('datetime')).toBe('2027-01-10T20:59:59.999Z');
    expect(screen.getByRole('button').textContent).toMatch(/^Pay Instalment 1: SAR\s4,000\.00$/);
    // Not late: no warning.
    expect(container.textContent).not.toContain('cancelled');
  });

  it('says what a late one risks, in Arabic with Arabic digits', () => {
    const { container } = show(true, 'ar');
    expect(container.textContent).toContain('القسط ١');
    expect(container.textContent).toContain('إن بقي غير مدفوع ٣ أيام بعد هذا التاريخ');
    expect(screen.getByRole('button').textContent).toContain('ادفع القسط ١');
  });
});
