// The words that say a server takes test payments (issue 58, item 9), the same everywhere the test gateway shows:
// the start-up line, the test checkout, the console's header (messages `Payments.testPayments` begin with them)
// and, of one payment, its receipt. Both languages side by side, for the places outside the portal's locales.

/** The server takes payments through the built-in test gateway. */
export const TEST_PAYMENTS = { en: 'Test payments: no money is taken', ar: 'مدفوعات تجريبية: لا تُخصم أي أموال' } as const;

/** One payment went through the test gateway: what its receipt says. */
export const TEST_PAYMENT_RECEIPT = { en: 'Test payment: no money was taken', ar: 'دفعة تجريبية: لم تُخصم أي أموال' } as const;
