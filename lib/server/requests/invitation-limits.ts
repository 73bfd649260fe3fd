import 'server-only';
import { countAction } from '@/lib/server/auth/action-limit';

// Each invitation writes an e-mail to an address the applicant types: at most 20 an
// account in an hour, so that the portal never becomes a way to mail strangers. The
// largest family (13 companions) is invited with room left to send a few again.
export const INVITATION_WINDOW_SECONDS = 60 * 60;
export const MAX_INVITATIONS_PER_WINDOW = 20;

/** Counts an invitation of the user, refused or not, or refuses it with 429 and Retry-After once the hour's are used. */
export async function countInvitation(userId: string) {
  await countAction(`invitations:user:${userId}`, { windowSeconds: INVITATION_WINDOW_SECONDS, max: MAX_INVITATIONS_PER_WINDOW, messageKey: 'too_many_invitations' });
}
