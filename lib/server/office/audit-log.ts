import 'server-only';
import { and, count, desc, eq, like, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { getDb } from '@/lib/server/db/client';
import { auditLog, requests, staff } from '@/lib/server/db/schema';
import { dayStart } from './queue';
import type { PageMeta } from '@/lib/contract/common';
import type { AuditEntry } from '@/lib/contract/office';

export const AUDIT_PAGE_SIZE = 50;

export type AuditQuery = { actor?: string; action?: string; target?: string; reference?: string; from?: string; to?: string; page: number };

const actors = alias(staff, 'actor');
const members = alias(staff, 'member');

// The request an entry is about: the target itself, or the request of a document viewed (its audit row names it).
const requestId = sql`(case
  when ${auditLog.targetType} = 'request' then ${auditLog.targetId}
  when ${auditLog.targetType} = 'document' then ${auditLog.details} ->> 'request_id'
end)`;
// The member an entry names besides its actor: a staff action's target, or whom a request was assigned to.
const memberId = sql`(case
  when ${auditLog.targetType} = 'staff' then ${auditLog.targetId}
  when ${auditLog.action} = 'request.assign' then ${auditLog.details} ->> 'to'
end)`;

// An id as a UUID, or null when it is not one (a member released: no "to"), so that the joins use the primary keys.
const asUuid = (id: SQL) => sql<string>`(case when ${id} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then (${id})::uuid end)`;

/**
 * The audit log, newest first, filtered by who (an e-mail address, or
 * "ops_key"), what (an action or its prefix, "request."), on what (an id), on
 * which request (its reference: the request's entries and its documents') and
 * when (Hijri days). Each entry comes with the names and the reference the
 * console needs to write it as a sentence.
 */
export async function auditEntries(query: AuditQuery): Promise<{ items: AuditEntry[]; meta: PageMeta }> {
  const db = await getDb();
  const filters: SQL[] = [];
  if (query.actor === 'ops_key') filters.push(eq(auditLog.actorKind, 'ops_key'));
  else if (query.actor) filters.push(sql`lower(${auditLog.actorEmail}) = lower(${query.actor})`);
  if (query.action) filters.push(like(auditLog.action, `${query.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (query.target) filters.push(eq(auditLog.targetId, query.target));
  if (query.reference?.trim()) filters.push(sql`${requestId} in (select ${requests.id}::text from ${requests} where upper(${requests.reference}) = upper(${query.reference.trim()}))`);
  if (query.from) filters.push(sql`${auditLog.createdAt} >= ${dayStart(query.from)}`);
  if (query.to) filters.push(sql`${auditLog.createdAt} < ${dayStart(query.to, true)}`);
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditLog, actorName: actors.name, requestId: requests.id, reference: requests.reference, memberId: members.id, memberName: members.name })
      .from(auditLog)
      .leftJoin(actors, eq(actors.id, auditLog.staffId))
      .leftJoin(requests, eq(requests.id, asUuid(requestId)))
      .leftJoin(members, eq(members.id, asUuid(memberId)))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((query.page - 1) * AUDIT_PAGE_SIZE),
    db.select({ value: count() }).from(auditLog).where(where),
  ]);
  const totalCount = Number(total?.value ?? 0);
  return {
    items: rows.map(({ entry, actorName, requestId, reference, memberId, memberName }) => ({
      id: entry.id,
      at: entry.createdAt.toISOString(),
      actor: entry.actorKind === 'ops_key' || entry.actorKind === 'system' ? { kind: entry.actorKind, email: null, name: null } : { kind: 'staff' as const, email: entry.actorEmail, name: actorName },
      action: entry.action,
      target: entry.targetType && entry.targetId ? { type: entry.targetType, id: entry.targetId } : null,
      request: requestId ? { id: requestId, reference } : null,
      member: memberId ? { id: memberId, name: memberName ?? '' } : null,
      details: entry.details,
      address: entry.address,
    })),
    meta: { page: query.page, per_page: AUDIT_PAGE_SIZE, total: totalCount, total_pages: Math.max(1, Math.ceil(totalCount / AUDIT_PAGE_SIZE)) },
  };
}
