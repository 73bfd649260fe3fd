'use client';

import { createContext, useContext, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';

// Whether new payments go through the built-in test gateway, decided on the server
// (lib/server/payments/gateway-choice.ts) and handed down by the per-request layout,
// so that every place a pilgrim pays from can say that no money is taken.
const TestPayments = createContext(false);

export function TestPaymentsMode({ on, children }: { on: boolean; children: ReactNode }) {
  return <TestPayments.Provider value={on}>{children}</TestPayments.Provider>;
}

/** The notice beside a checkout and atop the console while the test gateway takes payments. */
export function TestPaymentsBanner() {
  const t = useTranslations('Payments');
  return (
    <p data-testid="test-payments" className="rounded-md border-s-4 border-amber-600 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-950">
      {t('testPayments')}
    </p>
  );
}

/** The banner, only when the test gateway is on. */
export function TestPaymentsNotice() {
  return useContext(TestPayments) ? <TestPaymentsBanner /> : null;
}
