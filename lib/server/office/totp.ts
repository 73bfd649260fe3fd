import 'server-only';
import { Secret, TOTP } from 'otpauth';
import { westernDigits } from '@/lib/validation/digits';

// Time-based one-time passwords (RFC 6238) as authenticator apps make them:
// SHA-1, 6 digits, 30-second steps. One step either side is accepted for a
// phone's clock that is a little off; a step once used is refused (replay).
const PERIOD = 30;
const ISSUER = 'Pilgrimage office';

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, label = 'staff') {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(secret: string, email: string): string {
  return totp(secret, email).toString();
}

/**
 * The time step of a right code, or null. `lastStep` is the step of the code
 * used last: that code and older ones are refused.
 */
export function checkTotp(secret: string, code: string, lastStep: number | null, now = Date.now()): number | null {
  const digits = westernDigits(code).replace(/\s/g, '');
  if (!/^\d{6}$/.test(digits)) return null;
  const delta = totp(secret).validate({ token: digits, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / PERIOD) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}
