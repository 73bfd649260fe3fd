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
  const blocked = [
    account.count >= MAX_FAILURES_PER_ACCOUNT ? account.resetInSeconds : 0,
    byAddress.count >= MAX_FAILURES_PER_ADDRESS ? byAddress.resetInSeconds : 0,
  ];
  const retryAfter = Math.max(...blocked);
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
