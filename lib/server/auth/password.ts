import 'server-only';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt from Node's own crypto (OpenSSL). Cost N=2^15, r=8, p=1: about 50 ms
// and 32 MiB per hash; parameters are stored with the hash so they can be raised.
export const PASSWORD_COST = { N: 2 ** 15, r: 8, p: 1 } as const;
let PARAMS: { N: number; r: number; p: number } = PASSWORD_COST;

/**
 * Vitest only (test/setup.ts calls it before each test file): hashes made in
 * the tests cost 2^10 instead of 2^15, which is what most of the API tests'
 * time went to (the sign-in and registration fuzz, the authorization
 * matrices). Nothing in the app calls it, and verification reads the cost
 * from each stored hash, so either cost verifies; password.test.ts checks the
 * production cost.
 */
export function lowerPasswordCostForTests(lowered: boolean) {
  PARAMS = lowered ? { N: 2 ** 10, r: 8, p: 1 } : PASSWORD_COST;
}
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * 2 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$hash`, base64. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: Number(N), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of nothing in particular, to spend the same time when the account does not exist. */
let dummyHash: Promise<string> | undefined;
export function timingDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}
