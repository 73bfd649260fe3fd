import { describe, expect, it } from 'vitest';
import { endOfOfficeDay, OFFICE_TIME_ZONE, OFFICE_UTC_OFFSET_MS, officeDayOf } from './time-zone';

describe('the office clock', () => {
  it('has the offset its zone has, in every month (no daylight saving)', () => {
    for (let month = 0; month < 12; month += 1) {
      const moment = Date.UTC(2026, month, 15, 22, 30);
      const there = new Intl.DateTimeFormat('en-CA', { timeZone: OFFICE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(moment);
      expect(officeDayOf(moment)).toBe(there);
    }
    expect(OFFICE_UTC_OFFSET_MS).toBe(3 * 3_600_000);
  });

  it('ends an office day at 23:59:59 Makkah time, 20:59:59 UTC', () => {
    expect(endOfOfficeDay('2026-11-28').toISOString()).toBe('2026-11-28T20:59:59.000Z');
    expect(officeDayOf(endOfOfficeDay('2026-11-28').getTime())).toBe('2026-11-28');
    expect(officeDayOf(endOfOfficeDay('2026-11-28').getTime() + 1000)).toBe('2026-11-29');
  });
});
