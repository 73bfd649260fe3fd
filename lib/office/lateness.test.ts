import { describe, expect, it } from 'vitest';
import { byLateness, clockOf, lateness } from './lateness';

const now = Date.parse('2026-11-29T09:00:00+03:00');
const at = (local: string) => new Date(`${local}+03:00`).toISOString();

describe('lateness', () => {
  it('groups by the office’s day: overdue, due today, due within three days, later, no clock', () => {
    expect(lateness(at('2026-11-29T08:00:00'), now)).toBe('overdue');
    expect(lateness(at('2026-11-29T23:00:00'), now)).toBe('today');
    expect(lateness(at('2026-11-30T01:00:00'), now)).toBe('soon');
    expect(lateness(at('2026-12-05T09:00:00'), now)).toBe('later');
    expect(lateness(null, now)).toBe('none');
  });

  it('reads the clock in hours under two days, in days beyond', () => {
    expect(clockOf(at('2026-11-27T09:00:00'), now)).toEqual({ over: true, unit: 'days', count: 2 });
    expect(clockOf(at('2026-11-29T13:00:00'), now)).toEqual({ over: false, unit: 'hours', count: 4 });
  });

  it('keeps the order inside each group and leaves empty groups out', () => {
    const items = [{ id: 'a', due_at: at('2026-12-05T09:00:00') }, { id: 'b', due_at: at('2026-11-28T09:00:00') }, { id: 'c', due_at: at('2026-12-06T09:00:00') }];
    expect(byLateness(items, now).map(({ group, items: list }) => [group, list.map((item) => item.id)])).toEqual([['overdue', ['b']], ['later', ['a', 'c']]]);
  });
});
