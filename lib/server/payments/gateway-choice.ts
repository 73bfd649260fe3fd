import 'server-only';
import { readMoyasarConfig } from './moyasar';
import { TEST_PAYMENTS } from '@/lib/payments/test-payment-words';

const MOYASAR_KEYS = ['MOYASAR_SECRET_KEY', 'MOYASAR_PUBLISHABLE_KEY', 'MOYASAR_WEBHOOK_SECRET'] as const;
type Source = Record<string, string | undefined>;

/**
 * Which gateway takes new payments, decided from the environment alone; it fails
 * closed, so a deployment that forgot or mistyped its keys never takes "payments"
 * with the published test cards (issue 37, item 1):
 * - `PAYMENT_GATEWAY=moyasar`, or any Moyasar key set: Moyasar (none, with the
 *   missing keys named, while a key is missing);
 * - `PAYMENT_GATEWAY=test`: the built-in test gateway, because someone asked for it;
 * - neither: the test gateway only when the site's address (`APP_URL`, unset meaning
 *   http://localhost:$PORT) is a loopback origin, a machine nobody else reaches;
 *   otherwise none, and the server refuses to start (lib/server/start.ts).
 */
export type GatewayChoice = { name: 'moyasar' | 'test' } | { name: null; missing: string[] };

export function chooseGateway(source: Source = process.env): GatewayChoice {
  const asked = source.PAYMENT_GATEWAY || undefined;
  const missing = MOYASAR_KEYS.filter((key) => !source[key]);
  if (asked === 'test') return { name: 'test' };
  const keysGiven = missing.length < MOYASAR_KEYS.length;
  if (asked === 'moyasar' || keysGiven) {
    return readMoyasarConfig(source) ? { name: 'moyasar' } : { name: null, missing: [...missing] };
  }
  if (loopbackSite(source)) return { name: 'test' };
  return { name: null, missing: [...missing] };
}

/**
 * Whether the test gateway's checkout, webhook and payments are served at all: when
 * asked for, or on a loopback site (where a developer may also try Moyasar's keys).
 */
export function testGatewayEnabled(source: Source = process.env): boolean {
  return source.PAYMENT_GATEWAY === 'test' || (source.PAYMENT_GATEWAY !== 'moyasar' && loopbackSite(source));
}

/** Whether new payments go through the test gateway: the checkout and the console then say "no money is taken". */
export function testPaymentsOn(source: Source = process.env): boolean {
  return chooseGateway(source).name === 'test';
}

/** The site's address is this machine: localhost, *.localhost, 127.0.0.0/8 or [::1]. */
export function loopbackSite(source: Source = process.env): boolean {
  if (!source.APP_URL) return true;
  let host: string;
  try {
    host = new URL(source.APP_URL).hostname.toLowerCase();
  } catch {
    return false;
  }
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Why the server must not start, when no gateway can take payments: the settings
 * to give, named. Null when payments can be taken.
 */
export function gatewayRefusal(source: Source = process.env): string | null {
  const choice = chooseGateway(source);
  if (choice.name !== null) return null;
  const site = source.APP_URL ? ` on ${source.APP_URL}` : '';
  return (
    `Payments: no gateway can take payments${site}. Set ${choice.missing.join(', ')} for Moyasar, ` +
    'or PAYMENT_GATEWAY=test to take test payments (no money is taken) on purpose.'
  );
}

/**
 * The one line the server writes at start when new payments go through the test gateway (issue 58, item 9): on the
 * embedded default (a loopback site) too, so no one takes a trial server for a live one. A warning away from a
 * loopback site (PAYMENT_GATEWAY=test, on purpose); none when a real gateway takes the payments.
 */
export function gatewayStartLine(source: Source = process.env): { level: 'info' | 'warn'; message: string } | null {
  if (chooseGateway(source).name !== 'test') return null;
  const words = `${TEST_PAYMENTS.en} · ${TEST_PAYMENTS.ar}`;
  if (loopbackSite(source)) {
    return {
      level: 'info',
      message: `${words}: the built-in test gateway takes the published test cards on this machine (${source.APP_URL || 'APP_URL unset'}); set the MOYASAR_* keys for real payments`,
    };
  }
  return {
    level: 'warn',
    message: `${words}: payments go through the built-in TEST gateway (PAYMENT_GATEWAY=test); set the MOYASAR_* keys for real payments`,
  };
}
