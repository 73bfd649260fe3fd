import 'server-only';
import { auditLog } from '@/lib/server/db/schema';
import { getDb, type Db } from '@/lib/server/db/client';

/** Who did it: a staff member (by id, with the address they had then), the ops key (automation, `npm run ops`), or the portal itself (an opening's draw, its end when the places are gone). */
export type AuditActor = { kind: 'staff'; id: string; email: string } | { kind: 'ops_key' } | { kind: 'system' };

export type AuditEntry = {
  action: string;
  target?: { type: string; id: string };
  details?: Record<string, string | number | boolean | null>;
  /** The client's address (clientAddress(request)). */
  address?: string | null;
};

/**
 * Appends a row to the audit log. Pass the transaction of the action itself
 * when there is one, so that an action and its record stand or fall together.
 * Details hold ids, statuses and field names, never answers, notes or
 * documents' contents (the log is for who did what, not a copy of the data).
 */
export async function audit(actor: AuditActor, entry: AuditEntry, db?: Db) {
  const target = db ?? (await getDb());
  await target.insert(auditLog).values({
    actorKind: actor.kind,
    staffId: actor.kind === 'staff' ? actor.id : null,
    actorEmail: actor.kind === 'staff' ? actor.email : null,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    details: entry.details ?? {},
    address: entry.address ?? null,
  });
}
