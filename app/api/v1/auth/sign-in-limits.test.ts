import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/lib/server/env';
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

describe('sign-in limits by account', () => {
  it('count guesses before the password is checked: of 15 sent at once, 5 are tried and 10 refused', async () => {
    const account = await registered();
    const guesses = await Promise.all(
      Array.from({ length: 15 }, (_, i) => call(loginRoute.POST, { body: { email: account.email, password: `Wrong#${i}aaaa` } })),
    );
    const statuses = guesses.map((guess) => guess.status).sort();
    expect(statuses.filter((status) => status === 422)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    for (const refused of guesses.filter((guess) => guess.status === 429)) {
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    }
    expect((await call(loginRoute.POST, { body: { email: account.email, password: PASSWORD } })).status).toBe(429);
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
