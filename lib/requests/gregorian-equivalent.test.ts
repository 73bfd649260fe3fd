import { describe, expect, it } from 'vitest';
import { gregorianEquivalent } from './gregorian-equivalent';

describe('gregorianEquivalent', () => {
  it('gives the Gregorian day of an Umm al-Qura date in the page language', () => {
    expect(gregorianEquivalent('01-09-1447', 'en')).toBe('18 February 2026');
    const ar = gregorianEquivalent('01-09-1447', 'ar')!;
    expect(ar).toContain('فبراير');
    expect(ar).toContain('١٨');
    expect(ar).toContain('٢٠٢٦');
  });

  it.each(['', '01-09-14', '1-9-1447', '30-02-1447', '01-13-1447', '01/09/1447'])('gives nothing for %j', (value) => {
    expect(gregorianEquivalent(value, 'en')).toBeNull();
  });
});
