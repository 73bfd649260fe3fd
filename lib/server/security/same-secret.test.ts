import { describe, expect, it } from 'vitest';
import { sameSecret } from './same-secret';

describe('sameSecret', () => {
  const secret = 'f'.repeat(64);

  it('accepts the same text', () => {
    expect(sameSecret(secret, secret)).toBe(true);
    expect(sameSecret('مفتاح-سري', 'مفتاح-سري')).toBe(true);
  });

  it('refuses anything else without throwing, whatever its length in characters or bytes', () => {
    for (const given of ['', 'f'.repeat(63), 'f'.repeat(65), `${'f'.repeat(63)}é`, `${'f'.repeat(63)}\u0000`, `${'f'.repeat(62)}😀`, 'F'.repeat(64)]) {
      expect(() => sameSecret(given, secret), JSON.stringify(given)).not.toThrow();
      expect(sameSecret(given, secret), JSON.stringify(given)).toBe(false);
    }
  });
});
