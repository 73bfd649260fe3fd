import 'server-only';
import { counters } from '@/lib/server/auth/rate-limit';
import { ApiError } from '@/lib/server/http/errors';

// Each invitation writes an e-mail to an address the applicant types: at most 20 an
// account in an hour, so that the portal never becomes a way to mail strangers. The
// largest family (13 companions) is invited with room left to send a few again.
export const INVITATION_WINDOW_SECONDS = 60 * 60;
export const MAX_INVITATIONS_PER_WINDOW = 20;

const userKey = (userId: string) => `invitations:user:${userId}`;

/** Counts an invitation of the user, refused or not, or refuses it with 429 and Retry-After once the hour's are used. */
export async function countInvitation(userId: string) {
  const store = counters();
  const { count, resetInSeconds } = await store.peek(userKey(userId));
  if (count >= MAX_INVITATIONS_PER_WINDOW && resetInSeconds > 0) {
    throw new ApiError('too_many_requests', {
      messageKey: 'too_many_invitations',
      headers: { 'Retry-After': String(resetInSeconds) },
      values: { minutes: Math.ceil(resetInSeconds / 60) },
    });
  }
  await store.hit(userKey(userId), INVITATION_WINDOW_SECONDS);
}
