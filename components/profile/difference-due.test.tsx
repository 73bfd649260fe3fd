// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import type { NeedsDoing } from '@/lib/contract/requests';
import { DifferenceDue } from './difference-due';

// A dearer package chosen in the changes, on the account page (what needs doing): the difference, by when, and Pay (issue 57, item 6).

const item = (due: boolean): NeedsDoing['changes_requested'][number] => ({
  id: 'r1', money: { state: 'deposit_paid', currency: 'SAR', fee_minor: 5_000_000, paid_minor: 2_000_000, refunded_minor: 0, refunding_minor: 0, outstanding_minor: 3_000_000, refund_due_minor: 0, next_due: { part: 'difference-1', amount_minor: 3_000_000, due_at: '2027-01-10T09:00:00.000Z' } }, reference: 'HJ-2027-000123', type: 'hajj', status: 'changes_requested', step: 'declaration', completed_steps: [], steps_total: 6,
  fee_pilgrims: 2, pilgrims: 2, applicant_name: 'Khadija', fee_minor: 5_000_000, currency: 'SAR', version: 4, created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z', submitted_at: '2026-11-01T10:00:00.000Z', pay_by: null, reserve_position: null, office_note: 'Fix the passport number.',
  difference_due: due ? { part: 'difference-1', amount_minor: 3_000_000, due_at: '2027-01-10T09:00:00.000Z' } : null,
});

function show(due: boolean, locale: 'en' | 'ar') {
  return render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : ar} timeZone="Asia/Riyadh">
      <DifferenceDue request={item(due)} />
    </NextIntlClientProvider>,
  );
}

afterEach(cleanup);

describe('DifferenceDue', () => {
  it('says the difference to pay, by when in both calendars, what happens if not, and pays that part', () => {
    const { container } = show(true, 'en');
    expect(container.textContent).toMatch(/SAR\s30,000\.00 is still to pay for the package change/);
    expect(container.querySelector('time')!.getAttribute('datetime')).toBe('2027-01-10T09:00:00.000Z');
    expect(container.textContent).toContain('goes back to the package you paid for');
    expect(screen.getByRole('button').textContent).toMatch(/^Pay the difference: SAR\s30,000\.00$/);
  });

  it('in Arabic, with Arabic digits', () => {
    const { container } = show(true, 'ar');
    expect(container.textContent).toContain('٣٠٬٠٠٠٫٠٠');
    expect(container.textContent).toContain('لتغيير الباقة');
    expect(screen.getByRole('button').textContent).toContain('ادفع الفرق');
    expect(container.textContent).not.toMatch(/[0-9]/);
  });

  it('nothing when no difference is owed', () => {
    expect(show(false, 'en').container.textContent).toBe('');
  });
});
