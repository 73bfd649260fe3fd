import 'server-only';
import { inArray } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { requests } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import { can } from '@/lib/office/roles';
import type { BulkInput } from '@/lib/office/queue-schemas';
import type { Translate } from '@/lib/validation/localize';
import type { BulkResult } from '@/lib/contract/office';
import { addRequestNote, assignRequest } from './office-requests';
import type { StaffMember } from './staff-sessions';

// Many requests at once (issue 41, item 3): each one goes through exactly what
// the one-by-one action does (its checks, its own transaction, its audit row),
// so a request that cannot take the action is listed back with why, and the
// others go through.

export async function bulkAction(input: BulkInput, member: StaffMember, address: string | null, t: Translate): Promise<BulkResult> {
  // Who may: as one by one (assigning is reviewing work; a note is anyone's in the queue).
  if (input.action !== 'note' && !can(member.role, 'review')) throw new ApiError('forbidden');
  const ids = [...new Set(input.ids)];
  const db = await getDb();
  const references = new Map((await db.select({ id: requests.id, reference: requests.reference }).from(requests).where(inArray(requests.id, ids))).map((row) => [row.id, row.reference]));
  const result: BulkResult = { done: [], refused: [] };
  for (const id of ids) {
    const reference = references.get(id) ?? null;
    try {
      if (input.action === 'note') await addRequestNote(id, member, input.body!, address);
      else await assignRequest(id, member, input.action === 'release' ? 'nobody' : input.assign === 'me' ? 'me' : { id: input.assign! }, address);
      result.done.push({ id, reference });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      result.refused.push({ id, reference, code: error.code, message: t(`ApiErrors.${error.options.messageKey ?? error.code}`) });
    }
  }
  return result;
}
