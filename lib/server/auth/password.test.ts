import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword, lowerPasswordCostForTests, PASSWORD_COST, verifyPassword } from './password';

describe('password hashes', () => {
  afterAll(() => lowerPasswordCostForTests(true));

  it('cost N=2^15, r=8, p=1 outside the tests, stored with the hash', async () => {
    lowerPasswordCostForTests(false);
    const hash = await hashPassword('Labbaik#2026');
    expect(hash.split('$').slice(0, 4)).toEqual(['scrypt', String(PASSWORD_COST.N), '8', '1']);
    expect(PASSWORD_COST.N).toBe(2 ** 15);
    expect(await verifyPassword('Labbaik#2026', hash)).toBe(true);
    expect(await verifyPassword('Labbaik#2027', hash)).toBe(false);
  });

  it('verifies a hash by the cost written in it, whatever the cost of new hashes', async () => {
    lowerPasswordCostForTests(true);
    const cheap = await hashPassword('Labbaik#2026');
    expect(cheap.split('$')[1]).toBe(String(2 ** 10));
    lowerPasswordCostForTests(false);
    expect(await verifyPassword('Labbaik#2026', cheap)).toBe(true);
    expect(await verifyPassword('labbaik#2026', cheap)).toBe(false);
  });

  it('normalises the password (NFKC) before hashing', async () => {
    const hash = await hashPassword('ﬁ-Labbaik#2026');
    expect(await verifyPassword('fi-Labbaik#2026', hash)).toBe(true);
  });
});
