import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { payments, requests, staff, users } from '@/lib/server/db/schema';
import { csvDocument } from '@/lib/office/csv';
import type { QueueQuery } from '@/lib/office/queue-schemas';
import { formatHijri, gregorianToHijri } from '@/lib/validation/hijri';
import { summaryColumns, takenPayments } from '@/lib/server/requests/request-rows';
import { requestSummary } from '@/lib/server/requests/request-views';
import { audit } from '@/lib/server/audit/audit';
import { translatorFor } from '@/lib/i18n/translator';
import { staffActor } from './office-auth';
import { queueFilters } from './queue';
import type { StaffMember } from './staff-sessions';
import { OFFICE_TIME_ZONE } from '@/lib/office/time-zone';
import { currencyDigits, plainAmount, zonedDayAndTime } from '@/lib/i18n/numbers';
import { isRequestStatus } from '@/lib/requests/statuses';
import type { AppLocale } from '@/i18n/routing';
import { moneyStateKey } from '@/lib/payments/money-words';

/** More than a season's requests; a bigger export is cut and says so in the audit log. */
export const EXPORT_LIMIT = 20_000;

/** The columns, in order; their labels are in the reader's language (Office.export.columns). */
export const EXPORT_COLUMNS = ['reference', 'service', 'package', 'status', 'payment', 'paid', 'refunded', 'applicant_name_latin', 'applicant_name_ar', 'pilgrims', 'account_email', 'submitted_at', 'submitted_hijri', 'paid_at', 'fee', 'currency', 'payment_plan', 'outstanding', 'assigned_to'] as const;

// Whether a deposit was paid (the plan column); what was paid, given back and is owed is the money state's (lib/payments/money.ts).
const depositPaid = sql<boolean>`exists (select 1 from ${payments} p where p.request_id = ${requests}.id and p.part = 'deposit' and p.status in ('paid', 'refunding', 'refunded', 'kept'))`;

// When the fee was paid: the settled payment's (paid, or since refunded), as the queue's payment column reads it.
const paidAt = sql<string | null>`(select to_char(p.paid_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') from ${payments} p where p.request_id = ${requests}.id and p.status in ('paid', 'refunding', 'refunded', 'kept') and p.paid_at is not null order by array_position(array['paid', 'refunding', 'refunded', 'kept'], p.status) limit 1)`;

/** A moment on the office's clock, "2026-11-28 14:05", as a spreadsheet reads a date and time (the header names the zone). */
function officeTime(iso: string | null): string | null {
  if (!iso) return null;
  const { day, time } = zonedDayAndTime(new Date(iso), OFFICE_TIME_ZONE);
  return `${day} ${time}`;
}

/** The day of a moment in the office's time zone, as Hijri DD-MM-YYYY. */
function hijriDay(date: Date | null): string | null {
  if (!date) return null;
  return formatHijri(gregorianToHijri(zonedDayAndTime(date, OFFICE_TIME_ZONE).day));
}

/** An amount in minor units as a plain number in major units ("15000.00"): no grouping, so a spreadsheet sums it. */
function majorUnits(minor: number, currency: string): string {
  return plainAmount(minor, currencyDigits(currency));
}

/**
 * The filtered queue as CSV for finance and admins, in the reader's language:
 * the column labels, the service, package, status and payment as words, times
 * on the office's clock (Asia/Riyadh, named in the header). Numbers, dates and
 * identifiers keep Western digits and plain forms in both languages, so that a
 * spreadsheet sorts and sums them. Audited with its filters and its row count.
 */
export async function exportQueue(query: Omit<QueueQuery, 'page'> & { page?: number }, locale: AppLocale, member: StaffMember, address: string | null) {
  const t = translatorFor(locale);
  const word = (key: string, value: string | null) => (value === null ? null : t.has(`${key}.${value}`) ? t(`${key}.${value}`) : value);
  const db = await getDb();
  const where = and(...queueFilters(query, member), isRequestStatus(query.status) ? eq(requests.status, query.status) : undefined);
  const rows = await db
    .select({
      request: summaryColumns,
      taken: takenPayments,
      paidAt,
      email: users.email,
      assignedName: staff.name,
      nameAr: sql<string | null>`${requests.data} -> 'applicant' ->> 'name_ar'`,
      nameLatin: sql<string | null>`${requests.data} -> 'applicant' ->> 'name_latin'`,
      package: sql<string | null>`${requests.data} -> 'service' ->> 'package'`,
      depositPaid,
      plan: requests.paymentPlan,
    })
    .from(requests)
    .innerJoin(users, eq(users.id, requests.userId))
    .leftJoin(staff, eq(staff.id, requests.assignedStaffId))
    .where(where)
    .orderBy(sql`${requests.submittedAt} asc nulls last`, asc(requests.createdAt))
    .limit(EXPORT_LIMIT);
  const lines = rows.map(({ request, taken, paidAt, email, assignedName, nameAr, nameLatin, package: pack, depositPaid: byDeposit, plan }) => {
    const summary = requestSummary(request, taken ?? []);
    const money = summary.money;
    const amount = (minor: number | undefined) => (money && minor !== undefined ? majorUnits(minor, money.currency) : null);
    return [
      summary.reference,
      word('RequestType', summary.type),
      word('Office.packages', pack),
      word('Office.status', summary.status),
      word('Money.state', money ? moneyStateKey(money) : null),
      amount(money ? money.paid_minor - money.refunded_minor - money.refunding_minor : undefined),
      amount(money ? money.refunded_minor + money.refunding_minor : undefined),
      nameLatin,
      nameAr,
      summary.pilgrims,
      email,
      officeTime(summary.submitted_at),
      hijriDay(request.submittedAt),
      officeTime(paidAt),
      summary.fee_minor === null || summary.currency === null ? null : majorUnits(summary.fee_minor, summary.currency),
      summary.currency,
      plan && byDeposit ? t('Office.export.plan', { deposit: String(plan.deposit_percent), count: plan.instalments.length }) : summary.fee_minor === null ? null : t('Payments.parts.full', { number: 0 }),
      amount(money?.outstanding_minor),
      assignedName,
    ];
  });
  const filters = Object.fromEntries(Object.entries(query).filter(([key, value]) => key !== 'page' && value !== undefined && value !== '')) as Record<string, string>;
  await audit(staffActor(member), { action: 'queue.export', details: { ...filters, rows: lines.length, cut: lines.length === EXPORT_LIMIT }, address });
  return csvDocument([EXPORT_COLUMNS.map((column) => t(`Office.export.columns.${column}`)), ...lines]);
}
