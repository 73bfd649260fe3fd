import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { requests, staff, users } from '@/lib/server/db/schema';
import { csvDocument } from '@/lib/office/csv';
import type { QueueQuery } from '@/lib/office/queue-schemas';
import { formatHijri, gregorianToHijri } from '@/lib/validation/hijri';
import { settledPayment, summaryColumns } from '@/lib/server/requests/request-rows';
import { requestSummary } from '@/lib/server/requests/request-views';
import { audit } from '@/lib/server/audit/audit';
import { staffActor } from './office-auth';
import { queueFilters } from './queue';
import type { StaffMember } from './staff-sessions';
import { OFFICE_TIME_ZONE } from '@/lib/office/time-zone';
import { zonedDayAndTime } from '@/lib/i18n/numbers';
import { isRequestStatus } from '@/lib/requests/statuses';

/** More than a season's requests; a bigger export is cut and says so in the audit log. */
export const EXPORT_LIMIT = 20_000;

const HEADER = ['reference', 'service', 'status', 'payment', 'applicant_name_latin', 'applicant_name_ar', 'pilgrims', 'account_email', 'submitted_at', 'submitted_hijri', 'fee', 'currency', 'assigned_to'];

/** The day of a moment in the office's time zone, as Hijri DD-MM-YYYY. */
function hijriDay(date: Date | null): string | null {
  if (!date) return null;
  return formatHijri(gregorianToHijri(zonedDayAndTime(date, OFFICE_TIME_ZONE).day));
}

/**
 * The filtered queue as CSV for finance and admins (column names in English,
 * for spreadsheets and scripts; values as stored: statuses as codes, fees in
 * major units). Audited with its filters and its row count.
 */
export async function exportQueue(query: Omit<QueueQuery, 'page'> & { page?: number }, member: StaffMember, address: string | null) {
  const db = await getDb();
  const where = and(...queueFilters(query, member), isRequestStatus(query.status) ? eq(requests.status, query.status) : undefined);
  const rows = await db
    .select({
      request: summaryColumns,
      settled: settledPayment,
      email: users.email,
      assignedName: staff.name,
      nameAr: sql<string | null>`${requests.data} -> 'applicant' ->> 'name_ar'`,
      nameLatin: sql<string | null>`${requests.data} -> 'applicant' ->> 'name_latin'`,
    })
    .from(requests)
    .innerJoin(users, eq(users.id, requests.userId))
    .leftJoin(staff, eq(staff.id, requests.assignedStaffId))
    .where(where)
    .orderBy(sql`${requests.submittedAt} asc nulls last`, asc(requests.createdAt))
    .limit(EXPORT_LIMIT);
  const lines = rows.map(({ request, settled, email, assignedName, nameAr, nameLatin }) => {
    const summary = requestSummary(request, settled ?? undefined);
    return [
      summary.reference,
      summary.type,
      summary.status,
      summary.payment,
      nameLatin,
      nameAr,
      summary.pilgrims,
      email,
      summary.submitted_at,
      hijriDay(request.submittedAt),
      summary.fee_minor === null ? null : (summary.fee_minor / 100).toFixed(2),
      summary.currency,
      assignedName,
    ];
  });
  const filters = Object.fromEntries(Object.entries(query).filter(([key, value]) => key !== 'page' && value !== undefined && value !== '')) as Record<string, string>;
  await audit(staffActor(member), { action: 'queue.export', details: { ...filters, rows: lines.length, cut: lines.length === EXPORT_LIMIT }, address });
  return csvDocument([HEADER, ...lines]);
}
