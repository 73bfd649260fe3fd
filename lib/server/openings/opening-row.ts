import 'server-only';
import type { openings } from '@/lib/server/db/schema';

export type Opening = typeof openings.$inferSelect;

// An opening as a row of raw SQL or as the Redis queue's copy (both in the table's column names), made whole.

const COLUMNS = {
  typeId: 'type_id',
  id: 'id',
  opensAt: 'opens_at',
  admitPerMinute: 'admit_per_minute',
  queueOpensMinutesBefore: 'queue_opens_minutes_before',
  sendWindowMinutes: 'send_window_minutes',
  rateSince: 'rate_since',
  credit: 'credit',
  pausedAt: 'paused_at',
  endedAt: 'ended_at',
  endedReason: 'ended_reason',
  drawnAt: 'drawn_at',
  drawSeed: 'draw_seed',
  admitted: 'admitted',
  lapsed: 'lapsed',
  updatedAt: 'updated_at',
} as const satisfies Record<keyof Opening, string>;

const DATES = new Set<keyof Opening>(['opensAt', 'rateSince', 'pausedAt', 'endedAt', 'drawnAt', 'updatedAt']);
const NUMBERS = new Set<keyof Opening>(['admitPerMinute', 'queueOpensMinutesBefore', 'sendWindowMinutes', 'credit', 'admitted', 'lapsed']);

/** null when the row has no opening (a left join that found none). */
export function openingFromRaw(raw: Record<string, unknown> | undefined | null): Opening | null {
  if (!raw || raw.type_id === null || raw.type_id === undefined) return null;
  const opening: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMNS) as [keyof Opening, string][]) {
    const value = raw[column];
    if (value === null || value === undefined) opening[field] = null;
    else if (DATES.has(field)) opening[field] = new Date(value as string);
    else if (NUMBERS.has(field)) opening[field] = Number(value);
    else opening[field] = String(value);
  }
  return opening as Opening;
}

/** The copy kept beside a queue in Redis: the row in its column names. */
export function openingToRaw(opening: Opening): Record<string, unknown> {
  return Object.fromEntries((Object.entries(COLUMNS) as [keyof Opening, string][]).map(([field, column]) => [column, opening[field] instanceof Date ? (opening[field] as Date).toISOString() : opening[field]]));
}
