import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { officeCalendar, requests, requestTypes } from '@/lib/server/db/schema';
import type { RequestStatus } from '@/lib/requests/statuses';
import { addWorkingSeconds, workingDays, workingSecondsBetween, type WorkCalendar } from '@/lib/office/working-time';

// The review clock of a request (issue 41, item 2; DESIGN section 9): a
// decision is due a number of working days (the service's review_days) after
// the request is sent, or after it is paid (its clock_from). The clock pauses
// while changes are asked of the pilgrim, keeping the working time it had
// left, and runs on from there when the pilgrim sends the request again. A
// decision, or anything that closes the request, stops it.

type ClockChanges = Pick<typeof requests.$inferInsert, 'dueAt' | 'clockLeftSeconds'>;

const STOPS: readonly RequestStatus[] = ['approved', 'rejected', 'cancelled', 'expired', 'draft', 'reserved'];

/** What a move does to the clock: which event it is, if any. */
function clockEvent(from: RequestStatus, to: RequestStatus): 'sent' | 'paid' | 'pause' | 'resume' | 'stop' | null {
  if (to === 'pending_payment' && (from === 'draft' || from === 'reserved')) return 'sent';
  if (from === 'pending_payment' && to === 'submitted') return 'paid';
  if (to === 'changes_requested') return 'pause';
  if (from === 'changes_requested' && to === 'submitted') return 'resume';
  if (STOPS.includes(to)) return 'stop';
  return null;
}

/** The office's calendar (one row, seeded by the migration). */
export async function workCalendar(tx: Db): Promise<WorkCalendar> {
  const [row] = await tx.select({ work_days: officeCalendar.workDays, holidays: officeCalendar.holidays }).from(officeCalendar).where(eq(officeCalendar.id, 1));
  return row ?? DEFAULT_CALENDAR;
}

// Sunday to Thursday, no holidays: what the migration seeds, if its row were ever missing.
const DEFAULT_CALENDAR: WorkCalendar = { work_days: [0, 1, 2, 3, 4], holidays: [] };

/**
 * The clock's columns after a move from `from` to `to`, read in the move's
 * transaction (nothing is read for a move that does not touch the clock).
 */
export async function clockOfMove(tx: Db, requestId: string, from: RequestStatus, to: RequestStatus, now = new Date()): Promise<ClockChanges> {
  const event = clockEvent(from, to);
  if (!event) return {};
  if (event === 'stop') return { dueAt: null, clockLeftSeconds: null };
  // The request's clock, its service's target and the office's calendar in one round trip (a move is on every send).
  const [row] = await tx
    .select({
      dueAt: requests.dueAt,
      left: requests.clockLeftSeconds,
      days: requestTypes.reviewDays,
      clockFrom: requestTypes.clockFrom,
      workDays: officeCalendar.workDays,
      holidays: officeCalendar.holidays,
    })
    .from(requests)
    .innerJoin(requestTypes, eq(requestTypes.id, requests.typeId))
    .leftJoin(officeCalendar, eq(officeCalendar.id, 1))
    .where(eq(requests.id, requestId));
  if (!row) return {};
  const calendar: WorkCalendar = row.workDays ? { work_days: row.workDays, holidays: row.holidays ?? [] } : DEFAULT_CALENDAR;
  if (event === 'sent' || event === 'paid') {
    // Started by the event the service counts from; the other one leaves it as it is.
    if (row.clockFrom !== event) return {};
    return { dueAt: addWorkingSeconds(now, workingDays(row.days), calendar), clockLeftSeconds: null };
  }
  if (event === 'pause') return { dueAt: null, clockLeftSeconds: row.dueAt ? workingSecondsBetween(now, row.dueAt, calendar) : null };
  // Sent again: the time it had left, or a whole target for a clock that had not started (a service counting from payment).
  return { dueAt: addWorkingSeconds(now, row.left ?? workingDays(row.days), calendar), clockLeftSeconds: null };
}
