import 'server-only';
import { ApiError } from '@/lib/server/http/errors';
import { env } from '@/lib/server/env';
import { counters, type Count } from './rate-limit';

// Sign-in limits (issue 15, then issue 58, item 1: a stranger cannot lock a
// pilgrim out). Within 15 minutes:
//
// - 5 failed sign-ins for one account from one client address lock that
//   address out of that account (429 with Retry-After): a stranger locks only
//   his own address out, never the owner on his;
// - 20 failed sign-ins from one address, whatever the accounts, lock that
//   address out of every account;
// - across addresses, an account's failures only slow its sign-in down: past
//   10, every attempt on it waits before its password is checked (1 s, then
//   2 s, 4 s, 8 s, and 10 s at most), and an address that has already failed
//   on it gets no second guess until the window ends. The right password from
//   an address that has not failed is never refused, only kept waiting.
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;
export const ACCOUNT_FAILURES_BEFORE_DELAY = 10;
export const MAX_SIGN_IN_DELAY_MS = 10_000;
// Registrations (accepted or refused as taken) from one address, per hour: REGISTRATIONS_PER_ADDRESS_PER_HOUR.
export const REGISTRATION_WINDOW_SECONDS = 60 * 60;

const accountKey = (account: string) => `sign-in:account:${account}`;
const accountAddressKey = (account: string, address: string) => `sign-in:account-address:${address}:${account}`;
const addressKey = (address: string) => `sign-in:address:${address}`;
const registrationKey = (address: string) => `register:address:${address}`;

type Limit = { key: string; max: number; windowSeconds: number };

function tooMany(retryAfter: number) {
  return new ApiError('too_many_requests', {
    headers: { 'Retry-After': String(retryAfter) },
    values: { minutes: Math.ceil(retryAfter / 60) },
  });
}

/**
 * Counts an attempt against each limit before the attempt is made, atomically:
 * with 15 guesses sent at once, only as many as the limit allows get as far as
 * the password check; the rest are refused (and not counted). Answers a
 * function that takes the hits back, for attempts that turn out not to count,
 * and the counts (this attempt included).
 */
async function reserve(limits: Limit[]): Promise<{ giveBack: () => Promise<void>; counts: Count[] }> {
  const store = counters();
  const counts: Count[] = await Promise.all(limits.map((limit) => store.hit(limit.key, limit.windowSeconds)));
  const giveBack = async () => {
    await Promise.all(limits.map((limit) => store.unhit(limit.key)));
  };
  const retryAfter = Math.max(0, ...counts.map((count, i) => (count.count > limits[i]!.max ? count.resetInSeconds : 0)));
  if (retryAfter > 0) {
    await giveBack();
    throw tooMany(retryAfter);
  }
  return { giveBack, counts };
}

/**
 * How long an attempt on an account waits before its password is checked,
 * when it is the account's `attempt`-th in the window (from every address):
 * nothing for the first 10, then 1 s, doubling, 10 s at most.
 */
export function signInDelayMs(attempt: number): number {
  if (attempt <= ACCOUNT_FAILURES_BEFORE_DELAY) return 0;
  return Math.min(MAX_SIGN_IN_DELAY_MS, 1000 * 2 ** Math.min(attempt - ACCOUNT_FAILURES_BEFORE_DELAY - 1, 16));
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Before a password is checked (`account` names the account: `user:<id>`, or
 * `email:<address typed>` when there is none): one more attempt for the account from this
 * address, for the address, and for the account (see the limits above; 429
 * over the first two, a wait or, for an address that has failed on an account
 * under attack, a 429 for the third). A wrong password leaves the attempts
 * counted; call `succeeded()` after a right one, which forgets this address's
 * failures on the account and gives the address and the account their attempt
 * back (the other addresses' failures still count: an owner signing in does
 * not lift the slowing of a guesser elsewhere).
 */
export async function beginSignIn(account: string, address: string) {
  const store = counters();
  const pair = { key: accountAddressKey(account, address), max: MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS, windowSeconds: SIGN_IN_WINDOW_SECONDS };
  const local = await reserve([pair, { key: addressKey(address), max: MAX_FAILURES_PER_ADDRESS, windowSeconds: SIGN_IN_WINDOW_SECONDS }]);
  const tried = local.counts[0]!;
  // Counted only once this address may try, so that guesses refused above do not slow the account for its owner.
  const onAccount = await store.hit(accountKey(account), SIGN_IN_WINDOW_SECONDS);
  const giveBack = async () => {
    await Promise.all([local.giveBack(), store.unhit(accountKey(account))]);
  };
  const delay = signInDelayMs(onAccount.count);
  if (delay > 0) {
    // Under attack from many addresses: one guess per address until the window ends.
    if (tried.count > 1) {
      await giveBack();
      throw tooMany(tried.resetInSeconds);
    }
    await wait(delay);
  }
  return {
    async succeeded() {
      await Promise.all([store.unhit(addressKey(address)), store.unhit(accountKey(account)), store.reset(pair.key)]);
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
  const { giveBack } = await reserve([{ key: addressKey(address), max: MAX_FAILURES_PER_ADDRESS, windowSeconds: SIGN_IN_WINDOW_SECONDS }]);
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
