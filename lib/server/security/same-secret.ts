import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether a secret someone sent (a webhook signature, the office's key) is the
 * expected one, in constant time. Both are hashed to 32 bytes first: Node's
 * timingSafeEqual throws on buffers of unequal length, and two strings of the
 * same number of characters can differ in bytes (`é` is two in UTF-8), so a
 * forged value must never reach it unhashed (that was a 500, not a 403). The
 * hashes also hide the expected length from timing.
 */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

function digest(text: string) {
  return createHash('sha256').update(text, 'utf8').digest();
}
