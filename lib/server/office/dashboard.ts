import 'server-only';
import { sql } from 'drizzle-orm';
import { queryRows } from '@/lib/server/db/client';
import { env } from '@/lib/server/env';
import { REQUEST_STATUSES, type RequestStatus } from '@/lib/requests/statuses';
import { OFFICE_TIME_ZONE } from '@/lib/office/time-zone';
import type { OfficeDashboard } from '@/lib/contract/office';
import { can } from '@/lib/office/roles';
import type { StaffMember } from './staff-sessions';

// The office's day at a glance (issue 18, item 5). "Today" and "this week" are
// the office's (OFFICE_TIME_ZONE, Makkah); a week starts on Sunday (DESIGN section 5).
const ZONE = OFFICE_TIME_ZONE;
const todayStart = sql`(date_trunc('day', now() at time zone ${ZONE}) at time zone ${ZONE})`;
const weekStart = sql`((date_trunc('day', now() at time zone ${ZONE}) - make_interval(days => extract(dow from now() at time zone ${ZONE})::int)) at time zone ${ZONE})`;

/** Refunds awaiting a second member that this member may approve: proposed by someone else (refund-proposals.ts decides the rest). */
async function refundsAwaitingApproval(member: StaffMember): Promise<OfficeDashboard['refunds_awaiting_approval']> {
  if (!can(member.role, 'payments')) return null;
  const rows = await queryRows<{ id: string; reference: string | null; amount_minor: number; currency: string; staff_id: string; name: string; proposed_at: Date | string; total: number }>(sql`
    select r.id, r.reference, rp.amount_minor, rp.currency, s.id as staff_id, s.name, rp.proposed_at, count(*) over ()::int as total
    from refund_proposals rp join requests r on r.id = rp.request_id join staff s on s.id = rp.proposed_by
    where rp.decision is null and rp.proposed_by <> ${member.id}
    order by rp.proposed_at limit 10`);
  return {
    count: Number(rows[0]?.total ?? 0),
    requests: rows.map((row) => ({ id: row.id, reference: row.reference, amount_minor: Number(row.amount_minor), currency: row.currency, proposed_by: { id: row.staff_id, name: row.name }, proposed_at: new Date(row.proposed_at).toISOString() })),
  };
}

export async function officeDashboard(member: StaffMember): Promise<OfficeDashboard> {
  const hours = env().PAYMENT_DEADLINE_HOURS;
  const deadline = sql`(submitted_at + make_interval(hours => ${hours}))`;
  const [refunds, statuses, submitted, received, due, dueCount, oldest, overdue, decisions] = await Promise.all([
    refundsAwaitingApproval(member),
    queryRows<{ status: string; count: number }>(sql`select status, count(*)::int as count from requests group by status`),
    // Sent to the office: paid and in its hands (or decided since), never one still awaiting payment or left to expire.
    queryRows<{ today: number; week: number }>(sql`
      select count(*) filter (where submitted_at >= ${todayStart})::int as today, count(*) filter (where submitted_at >= ${weekStart})::int as week
      from requests where submitted_at is not null and status not in ('draft', 'reserved', 'pending_payment', 'expired')`),
    queryRows<{ currency: string; amount_minor: number; payments: number }>(sql`
      select currency, sum(amount_minor)::bigint as amount_minor, count(*)::int as payments
      from payments where paid_at >= ${todayStart} group by currency order by currency`),
    queryRows<{ id: string; reference: string | null; pay_by: Date | string }>(sql`
      select id, reference, ${deadline} as pay_by from requests
      where status = 'pending_payment' and ${deadline} > now() and ${deadline} <= now() + interval '24 hours'
      order by ${deadline} limit 10`),
    queryRows<{ count: number }>(sql`
      select count(*)::int as count from requests
      where status = 'pending_payment' and ${deadline} > now() and ${deadline} <= now() + interval '24 hours'`),
    queryRows<{ id: string; reference: string | null; submitted_at: Date | string }>(sql`
      select id, reference, submitted_at from requests where status = 'submitted' order by submitted_at limit 1`),
    // Past their review deadline, per member working on them (issue 41, item 2).
    queryRows<{ staff_id: string | null; name: string | null; count: number }>(sql`
      select r.assigned_staff_id as staff_id, s.name, count(*)::int as count from requests r left join staff s on s.id = r.assigned_staff_id
      where r.due_at < now() group by r.assigned_staff_id, s.name order by count(*) desc, s.name nulls first`),
    // This week's decisions: how long each took from sending, in hours; the median of them.
    queryRows<{ hours: number | null }>(sql`
      select round((percentile_cont(0.5) within group (order by extract(epoch from (h.created_at - r.submitted_at)) / 3600))::numeric, 1)::float8 as hours
      from request_history h join requests r on r.id = h.request_id
      where h.to_status in ('approved', 'rejected') and h.created_at >= ${weekStart} and r.submitted_at is not null`),
  ]);
  const byStatus = Object.fromEntries(REQUEST_STATUSES.map((status) => [status, 0])) as Record<RequestStatus, number>;
  for (const row of statuses) if (row.status in byStatus) byStatus[row.status as RequestStatus] = Number(row.count);
  const iso = (value: Date | string) => new Date(value).toISOString();
  return {
    by_status: byStatus,
    submitted_today: Number(submitted[0]?.today ?? 0),
    submitted_this_week: Number(submitted[0]?.week ?? 0),
    received_today: received.map((row) => ({ currency: row.currency, amount_minor: Number(row.amount_minor), payments: Number(row.payments) })),
    due_within_24_hours: { count: Number(dueCount[0]?.count ?? 0), requests: due.map((row) => ({ id: row.id, reference: row.reference, pay_by: iso(row.pay_by) })) },
    oldest_waiting: oldest[0] ? { id: oldest[0].id, reference: oldest[0].reference, submitted_at: iso(oldest[0].submitted_at) } : null,
    overdue_by_reviewer: overdue.map((row) => ({ assigned_to: row.staff_id ? { id: row.staff_id, name: row.name ?? '' } : null, count: Number(row.count) })),
    median_decision_hours: decisions[0]?.hours === null || decisions[0]?.hours === undefined ? null : Number(decisions[0].hours),
    refunds_awaiting_approval: refunds,
  };
}
