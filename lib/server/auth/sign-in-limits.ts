import 'server-only';
import { ApiError } from '@/lib/server/http/errors';
import { counters } from './rate-limit';

// After 5 failed sign-ins for one account, or 20 from one address, within 15
// minutes, sign-in answers 429 until the window ends.
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

const accountKey = (email: string) => `sign-in:account:${email.toLowerCase()}`;
const addressKey = (address: string) => `sign-in:address:${address}`;

export async function assertSignInAllowed(email: string, address: string) {
  const store = counters();
  const [account, byAddress] = await Promise.all([store.peek(accountKey(email)), store.peek(addressKey(address))]);
  refuseFor(
    Math.max(
      account.count >= MAX_FAILURES_PER_ACCOUNT ? account.resetInSeconds : 0,
      byAddress.count >= MAX_FAILURES_PER_ADDRESS ? byAddress.resetInSeconds : 0,
    ),
  );
}

function refuseFor(retryAfter: number) {
  if (retryAfter > 0) {
    throw new ApiError('too_many_requests', {
      headers: { 'Retry-After': String(retryAfter) },
      values: { minutes: Math.ceil(retryAfter / 60) },
    });
  }
}

export async function recordSignInFailure(email: string, address: string) {
  const store = counters();
  await Promise.all([store.hit(accountKey(email), SIGN_IN_WINDOW_SECONDS), store.hit(addressKey(address), SIGN_IN_WINDOW_SECONDS)]);
}

export async function recordSignInSuccess(email: string) {
  await counters().reset(accountKey(email));
}

/**
 * Google sign-in has no password to guess, but a stream of bad ID tokens from
 * one address counts as failed sign-ins of that address, with the same limit.
 */
export async function assertAddressAllowed(address: string) {
  const byAddress = await counters().peek(addressKey(address));
  refuseFor(byAddress.count >= MAX_FAILURES_PER_ADDRESS ? byAddress.resetInSeconds : 0);
}

export async function recordAddressFailure(address: string) {
  await counters().hit(addressKey(address), SIGN_IN_WINDOW_SECONDS);
}
