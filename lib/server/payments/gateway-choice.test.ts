import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { gatewayStartLine } from '@/lib/server/payments/gateway-choice';
import { TEST_PAYMENTS } from '@/lib/payments/test-payment-words';

// A trial server says it takes test payments from its first line (issue 58, item 9): on the embedded default of
// `npm start` (no APP_URL, no gateway keys) as well as with PAYMENT_GATEWAY=test on a site others reach.
describe('the start-up line of a server that takes test payments', () => {
  const moyasar = { MOYASAR_SECRET_KEY: 'sk', MOYASAR_PUBLISHABLE_KEY: 'pk', MOYASAR_WEBHOOK_SECRET: 'wh' };
  const words = 'Test payments: no money is taken';
  const arabic = 'مدفوعات تجريبية: لا تُخصم أي أموال';

  it('says "Test payments: no money is taken" in both languages on the embedded default (no APP_URL, no keys)', () => {
    const line = gatewayStartLine({ NODE_ENV: 'production' });
    expect(line).not.toBeNull();
    expect(line!.level).toBe('info');
    expect(line!.message).toContain(words);
    expect(line!.message).toContain(arabic);
    expect(line!.message).toContain('APP_URL unset');
    for (const APP_URL of ['http://localhost:3000', 'http://127.0.0.1:8080']) {
      expect(gatewayStartLine({ NODE_ENV: 'production', APP_URL })!.message).toContain(`${words} · ${arabic}`);
    }
  });

  it('says it as a warning with PAYMENT_GATEWAY=test on a site others reach', () => {
    const line = gatewayStartLine({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'test', APP_URL: 'https://pilgrims.example.org' });
    expect(line).toMatchObject({ level: 'warn' });
    expect(line!.message).toContain(`${words} · ${arabic}`);
    expect(line!.message).toContain('PAYMENT_GATEWAY=test');
  });

  it('says nothing of test payments when a real gateway takes them', () => {
    expect(gatewayStartLine({ NODE_ENV: 'production', ...moyasar })).toBeNull();
    expect(gatewayStartLine({ NODE_ENV: 'production', APP_URL: 'https://pilgrims.example.org', ...moyasar })).toBeNull();
    // Moyasar's keys on localhost: the test checkout still serves old payments, but new ones are real.
    expect(gatewayStartLine({ NODE_ENV: 'production', APP_URL: 'http://localhost:3000', PAYMENT_GATEWAY: 'moyasar', ...moyasar })).toBeNull();
  });

  it('uses the words the console and the pilgrims\' pages say, in both languages', () => {
    expect(TEST_PAYMENTS).toEqual({ en: words, ar: arabic });
    expect(en.Payments.testPayments.startsWith(`${TEST_PAYMENTS.en}.`)).toBe(true);
    expect(ar.Payments.testPayments.startsWith(`${TEST_PAYMENTS.ar}.`)).toBe(true);
  });
});
