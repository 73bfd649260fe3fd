import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { requests } from '@/lib/server/db/schema';
import { REQUEST_STEPS, type RequestStep } from '@/lib/requests/steps';

/**
 * What a pilgrim waiting in an opening's queue should have ready (issue 59, item 2): their latest draft for the
 * service and the steps it has not completed; null when they have none yet. Joining never needs a complete draft.
 */
export async function draftReadiness(userId: string, typeId: string): Promise<{ id: string; missing_steps: RequestStep[] } | null> {
  const db = await getDb();
  const [draft] = await db
    .select({ id: requests.id, completedSteps: requests.completedSteps })
    .from(requests)
    .where(and(eq(requests.userId, userId), eq(requests.typeId, typeId), eq(requests.status, 'draft')))
    .orderBy(desc(requests.updatedAt))
    .limit(1);
  if (!draft) return null;
  return { id: draft.id, missing_steps: REQUEST_STEPS.filter((step) => !draft.completedSteps.includes(step)) };
}
