import 'server-only';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { requests } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';

/** A sent request (never a draft: that is the pilgrim's own until sent), or 404; `lock`: for update, in the caller's transaction. */
export async function sentRequest(db: Db, id: string, lock = false) {
  const query = db.select().from(requests).where(and(eq(requests.id, id), ne(requests.status, 'draft'))).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ApiError('not_found');
  return row;
}
