import type { RequestDetails } from '@/lib/contract/requests';

/**
 * Why the office moved the request to where it stands now (the changes it
 * needs, the reason it declined), or null: the note of the latest move (the
 * API lists the history oldest first), when the office made it and it led to
 * the current status.
 */
export function officeNoteOf(request: Pick<RequestDetails, 'history' | 'status'>): string | null {
  const latest = request.history.at(-1);
  return latest && latest.to === request.status && latest.actor === 'office' && latest.note ? latest.note : null;
}
