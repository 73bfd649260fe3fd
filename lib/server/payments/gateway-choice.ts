import 'server-only';
import { readMoyasarConfig } from './moyasar';

const MOYASAR_KEYS = ['MOYASAR_SECRET_KEY', 'MOYASAR_PUBLISHABLE_KEY', 'MOYASAR_WEBHOOK_SECRET'] as const;

/**
 * Which gateway takes new payments, decided from the environment alone:
 * - `PAYMENT_GATEWAY=moyasar`, or Moyasar's three keys set: Moyasar (off, with the
 *   missing keys named, when a key is missing);
 * - `PAYMENT_GATEWAY=test`: the built-in test gateway;
 * - neither: the test gateway outside production, and nothing in production, so a
 *   deployment that forgot its keys never takes "payments" with published test cards.
 */
export type GatewayChoice = { name: 'moyasar' | 'test' } | { name: null; missing: string[] };

export function chooseGateway(source: Record<string, string | undefined> = process.env): GatewayChoice {
  const asked = source.PAYMENT_GATEWAY || undefined;
  const missing = MOYASAR_KEYS.filter((key) => !source[key]);
  if (asked === 'test') return { name: 'test' };
  if (asked === 'moyasar' || readMoyasarConfig(source)) {
    return readMoyasarConfig(source) ? { name: 'moyasar' } : { name: null, missing: [...missing] };
  }
  if (source.NODE_ENV !== 'production') return { name: 'test' };
  return { name: null, missing: [...missing] };
}

/** Whether the test gateway's checkout, webhook and payments are served at all. */
export function testGatewayEnabled(source: Record<string, string | undefined> = process.env): boolean {
  return source.PAYMENT_GATEWAY === 'test' || source.NODE_ENV !== 'production';
}

/** The one line `npm start` writes about payments when the choice needs the deployer's eye. */
export function gatewayStartLine(source: Record<string, string | undefined> = process.env): { level: 'warn' | 'error'; message: string } | null {
  const choice = chooseGateway(source);
  if (choice.name === null) {
    return {
      level: 'error',
      message: `payments are off: ${choice.missing.join(', ')} not set (or set PAYMENT_GATEWAY=test for the built-in test gateway)`,
    };
  }
  if (choice.name === 'test' && source.NODE_ENV === 'production') {
    return {
      level: 'warn',
      message: 'payments go through the built-in TEST gateway (PAYMENT_GATEWAY=test): no money is taken; set the MOYASAR_* keys for real payments',
    };
  }
  return null;
}
