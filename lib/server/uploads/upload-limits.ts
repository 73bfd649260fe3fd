import 'server-only';
import { counters } from '@/lib/server/auth/rate-limit';
import { ApiError } from '@/lib/server/http/errors';

// Every upload is read, checked and (images) decoded: at most 40 a user in 10
// minutes. The largest request (an applicant and 13 companions) takes 28 files,
// so an honest user, even replacing a dozen, stays under it.
export const UPLOAD_WINDOW_SECONDS = 10 * 60;
export const MAX_UPLOADS_PER_WINDOW = 40;

const userKey = (userId: string) => `uploads:user:${userId}`;

/**
 * Counts an upload attempt of the user, refused or not (a refused image cost
 * its check too), or refuses it with 429 and Retry-After once the window is
 * full. Called before the body is read.
 */
export async function countUpload(userId: string) {
  const store = counters();
  const { count, resetInSeconds } = await store.peek(userKey(userId));
  if (count >= MAX_UPLOADS_PER_WINDOW && resetInSeconds > 0) {
    throw new ApiError('too_many_requests', {
      messageKey: 'too_many_uploads',
      headers: { 'Retry-After': String(resetInSeconds) },
      values: { minutes: Math.ceil(resetInSeconds / 60) },
    });
  }
  await store.hit(userKey(userId), UPLOAD_WINDOW_SECONDS);
}
