import 'server-only';
import { and, asc, count, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { requests, staff, users } from '@/lib/server/db/schema';
import { hijriToGregorian, parseHijri } from '@/lib/validation/hijri';
import type { QueueQuery } from '@/lib/office/queue-schemas';
import { PAGE_SIZE, summaryColumns, takenPayments } from '@/lib/server/requests/request-rows';
import { requestSummary } from '@/lib/server/requests/request-views';
import type { StaffMember } from './staff-sessions';
import { OFFICE_TIME_ZONE } from '@/lib/office/time-zone';
import type { QueueItem, QueueMeta } from '@/lib/contract/office';
import { isRequestStatus } from '@/lib/requests/statuses';
import { isDuplicated } from './duplicates';
import { passportNumberOf } from '@/lib/validation/passport-number';

const ZONE = OFFICE_TIME_ZONE;

/** The first moment of a Hijri day in the office's time zone (`after`: of the day after, for an inclusive end). */
export function dayStart(hijri: string, after = false): SQL {
  const gregorian = new Date(`${hijriToGregorian(parseHijri(hijri)!)}T00:00:00Z`);
  if (after) gregorian.setUTCDate(gregorian.getUTCDate() + 1);
  // Midnight of that day on the office's clock, as a moment.
  return sql`(${gregorian.toISOString().slice(0, 10)}::timestamp at time zone ${ZONE})`;
}

/**
 * What the office may search by: a reference, the account's e-mail, and any
 * pilgrim of the request (the applicant or a companion): a name in either
 * script (a part of it, any case), a passport number or a national ID (as
 * typed: spaces, dashes, lower case or Arabic-Indic digits read the same).
 * One predicate, so the queue, its counts and the export share it.
 */
function search(q: string): SQL {
  const text = q.trim();
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const identifier = passportNumberOf(text).replace(/[\s-]/g, '').toUpperCase();
  const stored = (field: string) => sql`upper(regexp_replace(translate(p.person ->> ${field}, '٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹', '01234567890123456789'), '[[:space:]-]', '', 'g'))`;
  const companions = sql`case when jsonb_typeof(${requests.data} -> 'companions') = 'array' then ${requests.data} -> 'companions' else '[]'::jsonb end`;
  return or(
    sql`${requests.reference} ilike ${like}`,
    sql`lower(${users.email}) = lower(${text})`,
    sql`exists (
      select 1 from jsonb_array_elements(jsonb_build_array(${requests.data} -> 'applicant') || ${companions}) as p(person)
      where jsonb_typeof(p.person) = 'object' and (
        p.person ->> 'name_latin' ilike ${like}
        or p.person ->> 'name_ar' ilike ${like}
        or ${stored('passport_number')} = nullif(${identifier}, '')
        or ${stored('national_id')} = nullif(${identifier}, '')
      ))`,
  )!;
}

/** The queue's filters but the status (the tabs count per status over these); the export applies them all. */
export function queueFilters(query: Omit<QueueQuery, 'page'>, member: StaffMember): SQL[] {
  const filters: SQL[] = [ne(requests.status, 'draft')];
  if (query.type) filters.push(eq(requests.typeId, query.type));
  if (query.submitted_from) filters.push(sql`${requests.submittedAt} >= ${dayStart(query.submitted_from)}`);
  if (query.submitted_to) filters.push(sql`${requests.submittedAt} < ${dayStart(query.submitted_to, true)}`);
  if (query.assigned === 'me' || query.view === 'mine') filters.push(eq(requests.assignedStaffId, member.id));
  if (query.assigned === 'unassigned' || query.view === 'unassigned') filters.push(isNull(requests.assignedStaffId));
  if (query.package) filters.push(sql`${requests.data} -> 'service' ->> 'package' = ${query.package}`);
  if (query.overdue) filters.push(sql`${requests.dueAt} < now()`);
  if (query.duplicates) filters.push(isDuplicated);
  if (query.refund === 'awaiting') filters.push(sql`exists (select 1 from refund_proposals rp where rp.request_id = ${requests.id} and rp.decision is null)`);
  if (query.q?.trim()) filters.push(search(query.q));
  return filters;
}

/**
 * The office's queue: every request that has been sent (never a draft),
 * filtered as the console's URL says, the one waiting longest first, 20 a
 * page; with the count per status (over the other filters) for the tabs.
 */
export async function officeQueue(query: QueueQuery, member: StaffMember): Promise<{ items: QueueItem[]; meta: QueueMeta }> {
  const db = await getDb();
  const filters = queueFilters(query, member);
  const where = and(...filters, isRequestStatus(query.status) ? eq(requests.status, query.status) : undefined);

  const offset = (query.page - 1) * PAGE_SIZE;
  const [rows, [total], byStatus] = await Promise.all([
    db
      .select({ request: summaryColumns, taken: takenPayments, assignedName: staff.name, duplicated: sql<boolean>`${isDuplicated}` })
      .from(requests)
      .innerJoin(users, eq(users.id, requests.userId))
      .leftJoin(staff, eq(staff.id, requests.assignedStaffId))
      .where(where)
      // My work: the most late first (by the review deadline); otherwise the one waiting longest.
      .orderBy(...(query.view === 'mine' ? [sql`${requests.dueAt} asc nulls last`] : []), sql`${requests.submittedAt} asc nulls last`, asc(requests.createdAt))
      .limit(PAGE_SIZE)
      .offset(offset),
    db.select({ value: count() }).from(requests).innerJoin(users, eq(users.id, requests.userId)).where(where),
    db.select({ status: requests.status, value: count() }).from(requests).innerJoin(users, eq(users.id, requests.userId)).where(and(...filters)).groupBy(requests.status),
  ]);
  const totalCount = Number(total?.value ?? 0);
  return {
    items: rows.map(({ request, taken, assignedName, duplicated }) => ({
      ...requestSummary(request, taken ?? []),
      assigned_to: request.assignedStaffId ? { id: request.assignedStaffId, name: assignedName ?? '' } : null,
      due_at: request.dueAt ? request.dueAt.toISOString() : null,
      overdue: request.dueAt !== null && request.dueAt.getTime() < Date.now(),
      possible_duplicate: Boolean(duplicated),
    })),
    meta: {
      page: query.page,
      per_page: PAGE_SIZE,
      total: totalCount,
      total_pages: Math.max(1, Math.ceil(totalCount / PAGE_SIZE)),
      counts: Object.fromEntries(byStatus.map((row) => [row.status, Number(row.value)])),
    },
  };
}
