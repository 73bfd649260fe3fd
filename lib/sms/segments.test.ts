import { describe, expect, it } from 'vitest';
import { countSegments } from './segments';

describe('SMS segments', () => {
  it('GSM-7: 160 characters in one segment, then 153 each; the extension characters count two', () => {
    expect(countSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(countSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(countSegments('a'.repeat(306)).segments).toBe(2);
    expect(countSegments('a'.repeat(307)).segments).toBe(3);
    expect(countSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(countSegments('[' + 'a'.repeat(159)).segments).toBe(2);
  });

  it('UCS-2 as soon as one character is outside GSM-7: 70 in one segment, then 67 each (Arabic, 2 segments = 134)', () => {
    expect(countSegments('ح'.repeat(70))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(countSegments('ح'.repeat(71))).toEqual({ encoding: 'UCS-2', units: 71, segments: 2 });
    expect(countSegments('ح'.repeat(134)).segments).toBe(2);
    expect(countSegments('ح'.repeat(135)).segments).toBe(3);
    // One Arabic-Indic digit in a Latin text makes it all UCS-2; an emoji is two UTF-16 units.
    expect(countSegments(`${'a'.repeat(69)}١`)).toMatchObject({ encoding: 'UCS-2', segments: 1 });
    expect(countSegments('🕋')).toEqual({ encoding: 'UCS-2', units: 2, segments: 1 });
  });
});
