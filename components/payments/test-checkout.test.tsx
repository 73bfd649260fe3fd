// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TestCheckout } from '@/components/payments/test-checkout';

afterEach(cleanup);

const props = {
  id: 'tg_0123456789abcdef01234567',
  amountMinor: 1_500_000,
  currency: 'SAR',
  description: 'HJ-1448-000001',
  done: false,
  returnUrl: 'http://localhost:3000/en/check-payment?payment_id=p1',
  cards: { success: '4111111111111111', declined: '4000000000000002', insufficientFunds: '4000000000009995', threeDSecure: '4000000000003220', captureRefused: '4000000000000259' },
  otp: '123456',
};

// The built-in test gateway's checkout says what the start-up line, the console and the receipts say (issue 58, item 9),
// in English and in Arabic side by side: it is outside the portal's locales.
describe('the test checkout', () => {
  it('says "Test payments: no money is taken" in both languages, each marked with its language', () => {
    render(<TestCheckout {...props} />);
    const note = screen.getByRole('note');
    const en = note.querySelector('[lang="en"]');
    const ar = note.querySelector('[lang="ar"]');
    expect(en?.textContent).toBe('Test payments: no money is taken');
    expect(ar?.textContent).toBe('مدفوعات تجريبية: لا تُخصم أي أموال');
    expect(ar?.getAttribute('dir')).toBe('rtl');
  });

  it('says it on a finished payment too', () => {
    render(<TestCheckout {...props} done voided />);
    expect(screen.getByRole('note').textContent).toContain('Test payments: no money is taken');
    expect(screen.getByRole('note').textContent).toContain('مدفوعات تجريبية: لا تُخصم أي أموال');
  });
});
