import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { officeCalendar } from '@/lib/server/db/schema';
import { workCalendar } from '@/lib/server/requests/review-clock';
import { audit } from '@/lib/server/audit/audit';
import type { OfficeCalendar } from '@/lib/contract/office';
import { staffActor } from './office-auth';
import type { StaffMember } from './staff-sessions';

// The office's week and public holidays (issue 41, item 2), which every review clock counts in.

export async function readOfficeCalendar(): Promise<OfficeCalendar> {
  return workCalendar(await getDb()).then(({ work_days, holidays }) => ({ work_days: [...work_days], holidays: [...holidays] }));
}

/**
 * An admin sets the week and the holidays (audited, old and new). Clocks
 * already running keep their deadlines; the new calendar counts for every
 * clock started, paused or resumed from now on.
 */
export async function changeOfficeCalendar(change: OfficeCalendar, member: StaffMember, address: string | null): Promise<OfficeCalendar> {
  const next = { work_days: [...new Set(change.work_days)].sort(), holidays: [...new Set(change.holidays)] };
  const db = await getDb();
  return db.transaction(async (tx) => {
    const before = await workCalendar(tx);
    await tx
      .insert(officeCalendar)
      .values({ id: 1, workDays: next.work_days, holidays: next.holidays })
      .onConflictDoUpdate({ target: officeCalendar.id, set: { workDays: next.work_days, holidays: next.holidays, updatedAt: sql`now()` } });
    await audit(
      staffActor(member),
      { action: 'calendar.change', target: { type: 'office_calendar', id: '1' }, details: { work_days: `${before.work_days.join(',')} → ${next.work_days.join(',')}`, holidays: `${before.holidays.join(',')} → ${next.holidays.join(',')}` }, address },
      tx,
    );
    return next;
  });
}
