// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { ConsoleHeader } from '@/components/office/console-header';

// The language switch reads the address it is on.
vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn(), prefetch: vi.fn() }), usePathname: () => '/en/office', useSearchParams: () => new URLSearchParams() }));

afterEach(cleanup);

const LOCALES = { en, ar } as const;
const WORDS = { en: 'Test payments: no money is taken', ar: 'مدفوعات تجريبية: لا تُخصم أي أموال' } as const;

function header(locale: 'en' | 'ar', testPayments: boolean) {
  render(
    <NextIntlClientProvider locale={locale} messages={LOCALES[locale]} timeZone="Asia/Riyadh">
      <ConsoleHeader locale={locale} member={{ name: 'Fatima Admin', role: 'admin' }} testPayments={testPayments} />
    </NextIntlClientProvider>,
  );
  return screen.getByRole('banner');
}

// While the built-in test gateway takes payments, the console's header itself says so (issue 58, item 9).
describe('the console header', () => {
  for (const locale of ['en', 'ar'] as const) {
    it(`says "${WORDS[locale]}" while the test gateway takes payments (${locale})`, () => {
      const banner = header(locale, true);
      expect(within(banner).getByText(LOCALES[locale].Office.console)).toBeTruthy();
      const notice = within(banner).getByTestId('test-payments');
      expect(notice.textContent).toBe(LOCALES[locale].Payments.testPayments);
      expect(notice.textContent!.startsWith(WORDS[locale])).toBe(true);
    });

    it(`says nothing of test payments when a real gateway takes them (${locale})`, () => {
      const banner = header(locale, false);
      expect(within(banner).getByTestId('staff-member').textContent).toContain('Fatima Admin');
      expect(within(banner).queryByTestId('test-payments')).toBeNull();
      expect(banner.textContent).not.toContain(WORDS[locale]);
    });
  }
});
