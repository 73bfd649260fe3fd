import 'server-only';
import { ApiError } from '@/lib/server/http/errors';
import { env } from '@/lib/server/env';
import { counters, type Count } from './rate-limit';

// After 5 failed sign-ins for one account, or 20 from one address, within 15
// minutes, sign-in answers 429 until the window ends.
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;
// Registrations (accepted or refused as taken) from one address, per hour: REGISTRATIONS_PER_ADDRESS_PER_HOUR.
export const REGISTRATION_WINDOW_SECONDS = 60 * 60;

const accountKey = (email: string) => `sign-in:account:${email.toLowerCase()}`;
const addressKey = (address: string) => `sign-in:address:${address}`;
const registrationKey = (address: string) => `register:address:${address}`;

type Limit = { key: string; max: number; windowSeconds: number };

/**
 * Counts an attempt against each limit before the attempt is made, atomically:
 * with 15 guesses sent at once, only as many as the limit allows get as far as
 * the password check; the rest are refused (and not counted). Answers a
 * function that takes the hits back, for attempts that turn out not to count.
 */
async function reserve(limits: Limit[]): Promise<() => Promise<void>> {
  const store = counters();
  const counts: Count[] = await Promise.all(limits.map((limit) => store.hit(limit.key, limit.windowSeconds)));
  const giveBack = async () => {
    await Promise.all(limits.map((limit) => store.unhit(limit.key)));
  };
  const retryAfter = Math.max(0, ...counts.map((count, i) => (count.count > limits[i]!.max ? count.resetInSeconds : 0)));
  if (retryAfter > 0) {
    await giveBack();
    throw new ApiError('too_many_requests', {
      headers: { 'Retry-After': String(retryAfter) },
      values: { minutes: Math.ceil(retryAfter / 60) },
    });
  }
  return giveBack;
}

/**
 * Before a password is checked: one more attempt for the account and for the
 * address (429 over either limit). A wrong password leaves the attempt
 * counted; call `succeeded()` after a right one, which forgets the account's
 * failures and gives the address its attempt back.
 */
export async function beginSignIn(email: string, address: string) {
  const giveBack = await reserve([
    { key: accountKey(email), max: MAX_FAILURES_PER_ACCOUNT, windowSeconds: SIGN_IN_WINDOW_SECONDS },
    { key: addressKey(address), max: MAX_FAILURES_PER_ADDRESS, windowSeconds: SIGN_IN_WINDOW_SECONDS },
  ]);
  return {
    async succeeded() {
      await giveBack();
      await counters().reset(accountKey(email));
    },
  };
}

/**
 * Google sign-in has no password to guess, but a stream of bad ID tokens from
 * one address counts as failed sign-ins of that address, with the same limit,
 * counted before the token is checked; `giveBack()` after a good token (or
 * when the keys could not be fetched: not the caller's failure).
 */
export async function beginAddressAttempt(address: string) {
  const giveBack = await reserve([{ key: addressKey(address), max: MAX_FAILURES_PER_ADDRESS, windowSeconds: SIGN_IN_WINDOW_SECONDS }]);
  return { giveBack };
}

/**
 * Every registration from an address counts, made or refused as taken, before
 * the e-mail address is looked at: "taken" names an account, so at most a few
 * an hour per address may learn it (429 after that).
 */
export async function countRegistration(address: string) {
  await reserve([{ key: registrationKey(address), max: env().REGISTRATIONS_PER_ADDRESS_PER_HOUR, windowSeconds: REGISTRATION_WINDOW_SECONDS }]);
}
