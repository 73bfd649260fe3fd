import 'server-only';
import { sql } from 'drizzle-orm';
import { IslamicUmalquraCalendar, toCalendar, today } from '@internationalized/date';
import type { Db } from '@/lib/server/db/client';
import { OFFICE_TIME_ZONE } from '@/lib/office/time-zone';

/** The current Umm al-Qura year in Makkah. */
export function currentHijriYear(): number {
  return toCalendar(today(OFFICE_TIME_ZONE), new IslamicUmalquraCalendar()).year;
}

/**
 * The next reference, e.g. HJ-1448-000123: the type's code, the Hijri year of
 * submission and a sequence per type and year. One statement, so two
 * submissions at once never get the same number.
 */
/**
 * A reference as nextReference writes it, wherever it appears in a text (the e-mails keep it whole:
 * lib/server/mail/templates/identifiers.tsx). The number has six digits or more.
 */
export const REFERENCE_IN_TEXT = /([A-Z0-9]+-\d{4}-\d{6,})/;

export async function nextReference(db: Db, code: string, year = currentHijriYear()): Promise<string> {
  const result = (await db.execute(sql`
    insert into reference_counters (code, year, last) values (${code}, ${year}, 1)
    on conflict (code, year) do update set last = reference_counters.last + 1
    returning last`)) as unknown as { rows: { last: number }[] };
  return formatReference(code, year, Number(result.rows[0]!.last));
}

/** `code-year-number`, the number six digits or more (first-hold.ts writes the same in SQL: lpad). */
export function formatReference(code: string, year: number, last: number): string {
  return `${code}-${year}-${String(last).padStart(6, '0')}`;
}
