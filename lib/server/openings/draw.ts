import 'server-only';
import { createHash, createHmac, randomBytes } from 'node:crypto';

// The fair order of an opening's early arrivals (docs/OPENING.md, "Who goes first"): everyone who joined before
// opens_at is put in a uniformly random order at opens_at. The order comes from a seed of 32 bytes drawn from the
// operating system's cryptographic source, kept with the opening and in the audit log, so anyone can draw it again
// from the seed and the list of those who joined (in the order they joined) and see that it was not arranged.

export function newSeed(): string {
  return randomBytes(32).toString('hex');
}

/** A uniform whole number in [0, below), the `counter`-th drawn from the seed (rejection sampling: no bias). */
function uniformBelow(seed: string, counter: number, below: number): number {
  const limit = Math.floor(2 ** 48 / below) * below;
  for (let attempt = 0; ; attempt++) {
    const value = createHmac('sha256', Buffer.from(seed, 'hex')).update(`${counter}:${attempt}`).digest().readUIntBE(0, 6);
    if (value < limit) return value % below;
  }
}

/**
 * The items in the order drawn from the seed (Fisher–Yates, each swap a uniform draw): every order equally likely,
 * the same order from the same seed and items.
 */
export function drawOrder<T>(items: readonly T[], seed: string): T[] {
  const order = [...items];
  for (let i = order.length - 1; i > 0; i--) {
    const j = uniformBelow(seed, i, i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** A short fingerprint of who took part in a draw (their ids in the order they joined), kept in the audit log beside the seed. */
export function entrantsFingerprint(ids: readonly string[]): string {
  return createHash('sha256').update(ids.join('\n')).digest('hex');
}
