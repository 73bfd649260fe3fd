// How late a request is on its review clock (issue 41, item 1): the groups of
// "my work" and the clock beside each row. Days are the office's (./time-zone.ts);
// "soon" is within three days.

import { officeDayOf } from './time-zone';

export const LATENESS = ['overdue', 'today', 'soon', 'later', 'none'] as const;
export type Lateness = (typeof LATENESS)[number];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export function lateness(dueAt: string | null, now = Date.now()): Lateness {
  if (!dueAt) return 'none';
  const due = Date.parse(dueAt);
  if (due < now) return 'overdue';
  if (officeDayOf(due) === officeDayOf(now)) return 'today';
  return due - now <= 3 * DAY ? 'soon' : 'later';
}

/** The clock as a caseworker reads it: how far over, or how long left, in hours under two days and days beyond. */
export function clockOf(dueAt: string, now = Date.now()): { over: boolean; unit: 'hours' | 'days'; count: number } {
  const left = Date.parse(dueAt) - now;
  const span = Math.abs(left);
  return span < 2 * DAY ? { over: left < 0, unit: 'hours', count: Math.max(1, Math.round(span / HOUR)) } : { over: left < 0, unit: 'days', count: Math.round(span / DAY) };
}

/** Items grouped in the order of LATENESS, keeping their order inside each group; empty groups left out. */
export function byLateness<T extends { due_at: string | null }>(items: readonly T[], now = Date.now()): { group: Lateness; items: T[] }[] {
  return LATENESS.map((group) => ({ group, items: items.filter((item) => lateness(item.due_at, now) === group) })).filter((entry) => entry.items.length > 0);
}
