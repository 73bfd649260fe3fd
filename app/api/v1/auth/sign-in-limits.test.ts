import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/lib/server/env';
import { closeRedis } from '@/lib/server/auth/rate-limit';
import { ACCOUNT_FAILURES_BEFORE_DELAY, MAX_SIGN_IN_DELAY_MS, signInDelayMs } from '@/lib/server/auth/sign-in-limits';
import { withTestDatabase } from '@/test/database';
import { call, someAddress } from '@/test/api';
import * as registerRoute from './register/route';
import * as loginRoute from './login/route';

withTestDatabase();

const PASSWORD = 'Labbaik#2026';
let counter = 0;
function newAccount(overrides: Record<string, string> = {}) {
  counter += 1;
  return { name: 'Aisha Rahman', email: `limits.${counter}.${Date.now()}@example.com`, password: PASSWORD, password_confirmation: PASSWORD, ...overrides };
}

async function registered() {
  const account = newAccount();
  expect((await call(registerRoute.POST, { body: account })).status).toBe(201);
  return account;
}

afterEach(() => {
  delete process.env.TRUST_PROXY_HOPS;
  resetEnvForTests();
});

describe('sign-in limits by address', () => {
  it('count the socket address: a new X-Forwarded-For on every guess does not reset the count', async () => {
    const address = someAddress();
    for (let i = 0; i < 20; i++) {
      const failed = await call(loginRoute.POST, {
        body: { email: `guess${i}.${Date.now()}@example.com`, password: 'Guess#2026a' },
        address,
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      expect(failed.status).toBe(422);
    }
    const account = await registered();
    const blocked = await call(loginRoute.POST, { body: { email: account.email, password: PASSWORD }, address, headers: { 'x-forwarded-for': '203.0.113.250' } });
    expect(blocked.status).toBe(429);
    expect((await call(loginRoute.POST, { body: { email: account.email, password: PASSWORD } })).status).toBe(200);
  });

  it('behind TRUST_PROXY_HOPS proxies, count the entry the nearest proxy wrote, not what the client wrote before it', async () => {
    process.env.TRUST_PROXY_HOPS = '1';
    resetEnvForTests();
    for (let i = 0; i < 20; i++) {
      // Every request reaches the app from the proxy's own socket; the client's claims come first in the header.
      const failed = await call(loginRoute.POST, {
        body: { email: `proxied${i}.${Date.now()}@example.com`, password: 'Guess#2026a' },
        address: '10.0.0.2',
        headers: { 'x-forwarded-for': `198.51.100.${i}, 192.0.2.77` },
      });
      expect(failed.status).toBe(422);
    }
    const account = await registered();
    const blocked = await call(loginRoute.POST, { body: { email: account.email, password: PASSWORD }, address: '10.0.0.2', headers: { 'x-forwarded-for': '192.0.2.77' } });
    expect(blocked.status).toBe(429);
    const other = await call(loginRoute.POST, { body: { email: account.email, password: PASSWORD }, address: '10.0.0.2', headers: { 'x-forwarded-for': '192.0.2.78' } });
    expect(other.status).toBe(200);
  });

  it('treat every address of one IPv6 /64 as one client', async () => {
    for (let i = 0; i < 20; i++) {
      await call(loginRoute.POST, { body: { email: `six${i}.${Date.now()}@example.com`, password: 'Guess#2026a' }, address: `2001:db8:1:2::${(i + 1).toString(16)}` });
    }
    const account = await registered();
    expect((await call(loginRoute.POST, { body: { email: account.email, password: PASSWORD }, address: '2001:db8:1:2:ffff::1' })).status).toBe(429);
    expect((await call(loginRoute.POST, { body: { email: account.email, password: PASSWORD }, address: '2001:db8:1:3::1' })).status).toBe(200);
  });

  it('let right passwords through without using up the address', async () => {
    const address = someAddress();
    const account = await registered();
    for (let i = 0; i < 19; i++) {
      await call(loginRoute.POST, { body: { email: `miss${i}.${Date.now()}@example.com`, password: 'Guess#2026a' }, address });
    }
    for (let i = 0; i < 3; i++) expect((await call(loginRoute.POST, { body: { email: account.email, password: PASSWORD }, address })).status).toBe(200);
    expect((await call(loginRoute.POST, { body: { email: account.email, password: 'Wrong#2026a' }, address })).status).toBe(422);
    expect((await call(loginRoute.POST, { body: { email: account.email, password: PASSWORD }, address })).status).toBe(429);
  });
});

// Issue 58, item 1: a stranger cannot lock a pilgrim out. Wrong passwords
// count per (account, client address); across addresses an account's failures
// only slow sign-in down, and never refuse an address that has not failed.
const stores: [string, string][] = [['the database', '']];
// Redis is optional for the app; .ci/run points TEST_REDIS_URL at the local server.
if (process.env.TEST_REDIS_URL) stores.push(['Redis', process.env.TEST_REDIS_URL]);

describe.each(stores)('sign-in limits by account and address (counters in %s)', (_, redisUrl) => {
  beforeEach(() => {
    process.env.REDIS_URL = redisUrl;
    resetEnvForTests();
  });
  afterEach(() => {
    process.env.REDIS_URL = '';
    resetEnvForTests();
  });
  afterAll(closeRedis);

  const login = (email: string, password: string, address: string) => call(loginRoute.POST, { body: { email, password }, address, locale: 'en' });

  it('a stranger’s wrong passwords from one address lock that address out of the account, never the owner from his own', async () => {
    const account = await registered();
    const stranger = someAddress();
    for (let i = 0; i < 5; i++) expect((await login(account.email, `Wrong#${i}aaaa`, stranger)).status).toBe(422);
    // The stranger's sixth, even with the right password: 429 for the rest of the window.
    for (const password of ['Wrong#6aaaa', PASSWORD]) {
      const refused = await login(account.email, password, stranger);
      expect(refused.status).toBe(429);
      expect(refused.json!.error).toEqual({ code: 'too_many_requests', message: 'Too many attempts. Please wait 15 minutes and try again.' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    }
    // The owner, from his own address: signed in at once, again and again (around his pay-by time).
    const own = someAddress();
    for (let i = 0; i < 2; i++) {
      const started = Date.now();
      const signedIn = await login(account.email, PASSWORD, own);
      expect(signedIn.status).toBe(200);
      expect(signedIn.headers.get('retry-after')).toBeNull();
      expect(Date.now() - started).toBeLessThan(900);
    }
    // His own typo counts against his address only: the stranger's address stays locked, his does not.
    expect((await login(account.email, 'Typo#2026aaa', own)).status).toBe(422);
    expect((await login(account.email, PASSWORD, own)).status).toBe(200);
    expect((await login(account.email, PASSWORD, stranger)).status).toBe(429);
  });

  it('counts guesses before the password is checked: of 15 sent at once from one address, 5 are tried and 10 refused; the owner elsewhere signs in', async () => {
    const account = await registered();
    const address = someAddress();
    const guesses = await Promise.all(Array.from({ length: 15 }, (_, i) => login(account.email, `Wrong#${i}aaaa`, address)));
    const statuses = guesses.map((guess) => guess.status);
    expect(statuses.filter((status) => status === 422)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    for (const refused of guesses.filter((guess) => guess.status === 429)) {
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    }
    expect((await login(account.email, PASSWORD, address)).status).toBe(429);
    expect((await login(account.email, PASSWORD, someAddress())).status).toBe(200);
  });

  it('slows guesses spread over many addresses, without ever refusing the right password from an address that has not failed', async () => {
    const account = await registered();
    // 10 wrong passwords from 10 addresses: answered at once.
    const addresses = Array.from({ length: ACCOUNT_FAILURES_BEFORE_DELAY }, () => someAddress());
    const started = Date.now();
    for (const address of addresses) expect((await login(account.email, 'Wrong#2026aaa', address)).status).toBe(422);
    expect(Date.now() - started).toBeLessThan(ACCOUNT_FAILURES_BEFORE_DELAY * 400);

    // From then on the account is under attack: each further attempt waits longer before it is checked (1 s, then 2 s…).
    const eleventh = Date.now();
    expect((await login(account.email, 'Wrong#2026bbb', someAddress())).status).toBe(422);
    expect(Date.now() - eleventh).toBeGreaterThanOrEqual(signInDelayMs(ACCOUNT_FAILURES_BEFORE_DELAY + 1) - 5);
    expect(signInDelayMs(ACCOUNT_FAILURES_BEFORE_DELAY + 1)).toBe(1000);

    // An address that has already failed on the account gets no second guess while it is under attack (refused at once)…
    const again = Date.now();
    const refused = await login(account.email, PASSWORD, addresses[0]!);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(Date.now() - again).toBeLessThan(900);

    // …but the owner, from an address that has not failed, is only kept waiting, never refused.
    const owner = Date.now();
    const signedIn = await login(account.email, PASSWORD, someAddress());
    expect(signedIn.status).toBe(200);
    expect(Date.now() - owner).toBeGreaterThanOrEqual(signInDelayMs(ACCOUNT_FAILURES_BEFORE_DELAY + 2) - 5);
    expect(signInDelayMs(ACCOUNT_FAILURES_BEFORE_DELAY + 2)).toBe(2000);
  });

  it('never keeps anyone waiting longer than the cap, however many addresses failed', () => {
    expect(signInDelayMs(ACCOUNT_FAILURES_BEFORE_DELAY)).toBe(0);
    const delays = Array.from({ length: 100 }, (_, i) => signInDelayMs(ACCOUNT_FAILURES_BEFORE_DELAY + 1 + i));
    expect(delays.slice(0, 5)).toEqual([1000, 2000, 4000, 8000, MAX_SIGN_IN_DELAY_MS]);
    expect(Math.max(...delays)).toBe(MAX_SIGN_IN_DELAY_MS);
    expect(MAX_SIGN_IN_DELAY_MS).toBeLessThanOrEqual(10_000);
  });
});

describe('registration limits by address', () => {
  it('allow 10 registrations an hour from one address, taken e-mail addresses included, then 429 for any', async () => {
    const address = someAddress();
    const taken = await registered();
    for (let i = 0; i < 8; i++) expect((await call(registerRoute.POST, { body: newAccount(), address })).status).toBe(201);
    const takenAnswer = await call(registerRoute.POST, { body: newAccount({ email: taken.email }), address, locale: 'en' });
    expect(takenAnswer.status).toBe(422);
    expect(takenAnswer.json!.error.fields.email).toEqual(['An account with this e-mail address already exists. Sign in instead.']);
    expect((await call(registerRoute.POST, { body: newAccount(), address })).status).toBe(201);

    // The eleventh: refused before the e-mail address is looked at, so a taken one is not confirmed either.
    for (const body of [newAccount(), newAccount({ email: taken.email })]) {
      const refused = await call(registerRoute.POST, { body, address, locale: 'en' });
      expect(refused.status).toBe(429);
      expect(refused.json!.error).toEqual({ code: 'too_many_requests', message: 'Too many attempts. Please wait 60 minutes and try again.' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(59 * 60);
      expect(refused.headers.get('set-cookie')).toBeNull();
    }
    expect((await call(registerRoute.POST, { body: newAccount(), address: someAddress() })).status).toBe(201);
  });

  it('do not count answers refused for their fields', async () => {
    const address = someAddress();
    for (let i = 0; i < 12; i++) {
      expect((await call(registerRoute.POST, { body: newAccount({ password_confirmation: 'Other#2026x' }), address })).status).toBe(422);
    }
    expect((await call(registerRoute.POST, { body: newAccount(), address })).status).toBe(201);
  });
});
