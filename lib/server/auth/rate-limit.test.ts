import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { withTestDatabase } from '@/test/database';
import { closeRedis, databaseCounters, redisCounters, type CounterStore } from './rate-limit';

withTestDatabase();
afterAll(closeRedis);

const stores: [string, () => CounterStore][] = [['the database', () => databaseCounters]];
// Redis is optional for the app; .ci/run points TEST_REDIS_URL at the local server.
if (process.env.TEST_REDIS_URL) stores.push(['Redis', () => redisCounters(process.env.TEST_REDIS_URL!)]);

describe.each(stores)('sign-in counters in %s', (_, store) => {
  it('counts hits within one window and tells when it resets', async () => {
    const key = `test:${randomUUID()}`;
    expect(await store().peek(key)).toEqual({ count: 0, resetInSeconds: 0 });
    for (let i = 0; i < 3; i++) await store().hit(key, 900);
    const { count, resetInSeconds } = await store().peek(key);
    expect(count).toBe(3);
    expect(resetInSeconds).toBeGreaterThan(890);
    expect(resetInSeconds).toBeLessThanOrEqual(900);
  });

  it('does not lose hits made at the same time, and each sees its own count', async () => {
    const key = `test:${randomUUID()}`;
    const hits = await Promise.all(Array.from({ length: 10 }, () => store().hit(key, 900)));
    expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const hit of hits) {
      expect(hit.resetInSeconds).toBeGreaterThan(890);
      expect(hit.resetInSeconds).toBeLessThanOrEqual(900);
    }
    expect((await store().peek(key)).count).toBe(10);
  });

  it('takes a hit back, never below nothing, and keeps the window', async () => {
    const key = `test:${randomUUID()}`;
    await store().hit(key, 900);
    await store().hit(key, 900);
    await store().unhit(key);
    expect((await store().peek(key)).count).toBe(1);
    expect((await store().peek(key)).resetInSeconds).toBeGreaterThan(890);
    await store().unhit(key);
    await store().unhit(key);
    expect((await store().peek(key)).count).toBe(0);
    expect((await store().hit(key, 900)).count).toBe(1);
    // An unknown key stays unknown (Redis must not make a key without expiry).
    const unknown = `test:${randomUUID()}`;
    await store().unhit(unknown);
    expect(await store().peek(unknown)).toEqual({ count: 0, resetInSeconds: 0 });
  });

  it('starts a new window once the old one has passed, and forgets on reset', async () => {
    const key = `test:${randomUUID()}`;
    await store().hit(key, 1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await store().peek(key)).count).toBe(0);
    expect((await store().hit(key, 900)).count).toBe(1);
    expect((await store().peek(key)).count).toBe(1);
    await store().reset(key);
    expect((await store().peek(key)).count).toBe(0);
  });
});
