import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { savedFilters } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import { isUniqueViolation } from '@/lib/server/db/unique-violation';
import { queueQuerySchema } from '@/lib/office/queue-schemas';
import type { SavedFilter } from '@/lib/contract/office';
import type { StaffMember } from './staff-sessions';

// A member's named queue filters (issue 41, item 6): "Hajj, economy, overdue",
// kept as the console's query string (without the page) and opened as a link.

const view = (row: typeof savedFilters.$inferSelect): SavedFilter => ({ id: row.id, name: row.name, query: row.query });

export async function listSavedFilters(member: StaffMember): Promise<SavedFilter[]> {
  const db = await getDb();
  return (await db.select().from(savedFilters).where(eq(savedFilters.staffId, member.id)).orderBy(asc(savedFilters.name))).map(view);
}

/** Saves the filters under a name of the member's own (one name once: 409); only a query the queue reads (422). */
export async function saveFilter(member: StaffMember, name: string, query: string): Promise<SavedFilter> {
  const params = new URLSearchParams(query.replace(/^\?/, ''));
  params.delete('page');
  if (!(await queueQuerySchema.safeParseAsync(Object.fromEntries(params))).success || [...params.keys()].some((key) => !(key in queueQuerySchema.shape))) {
    throw new ApiError('validation_failed', { messageKey: 'saved_filter_invalid' });
  }
  const db = await getDb();
  try {
    const [row] = await db.insert(savedFilters).values({ staffId: member.id, name: name.trim(), query: params.toString() }).returning();
    return view(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('conflict', { messageKey: 'saved_filter_taken' });
    throw error;
  }
}

/** Forgets one of the member's own (another member's: 404, as if it did not exist). */
export async function deleteSavedFilter(member: StaffMember, id: string): Promise<void> {
  const db = await getDb();
  const deleted = await db.delete(savedFilters).where(and(eq(savedFilters.id, id), eq(savedFilters.staffId, member.id))).returning({ id: savedFilters.id });
  if (!deleted.length) throw new ApiError('not_found');
}
