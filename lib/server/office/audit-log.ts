import 'server-only';
import { and, count, desc, eq, like, sql, type SQL } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { auditLog } from '@/lib/server/db/schema';
import { dayStart } from './queue';
import type { PageMeta } from '@/lib/contract/common';
import type { AuditEntry } from '@/lib/contract/office';

export const AUDIT_PAGE_SIZE = 50;

export type AuditQuery = { actor?: string; action?: string; target?: string; from?: string; to?: string; page: number };

/** The audit log, newest first, filtered by who (an e-mail address, or "ops_key"), what (an action or its prefix, "request."), on what (an id) and when (Hijri days). */
export async function auditEntries(query: AuditQuery): Promise<{ items: AuditEntry[]; meta: PageMeta }> {
  const db = await getDb();
  const filters: SQL[] = [];
  if (query.actor === 'ops_key') filters.push(eq(auditLog.actorKind, 'ops_key'));
  else if (query.actor) filters.push(sql`lower(${auditLog.actorEmail}) = lower(${query.actor})`);
  if (query.action) filters.push(like(auditLog.action, `${query.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (query.target) filters.push(eq(auditLog.targetId, query.target));
  if (query.from) filters.push(sql`${auditLog.createdAt} >= ${dayStart(query.from)}`);
  if (query.to) filters.push(sql`${auditLog.createdAt} < ${dayStart(query.to, true)}`);
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(AUDIT_PAGE_SIZE).offset((query.page - 1) * AUDIT_PAGE_SIZE),
    db.select({ value: count() }).from(auditLog).where(where),
  ]);
  const totalCount = Number(total?.value ?? 0);
  return {
    items: rows.map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      actor: row.actorKind === 'ops_key' ? { kind: 'ops_key' as const, email: null } : { kind: 'staff' as const, email: row.actorEmail },
      action: row.action,
      target: row.targetType && row.targetId ? { type: row.targetType, id: row.targetId } : null,
      details: row.details,
      address: row.address,
    })),
    meta: { page: query.page, per_page: AUDIT_PAGE_SIZE, total: totalCount, total_pages: Math.max(1, Math.ceil(totalCount / AUDIT_PAGE_SIZE)) },
  };
}
