import 'server-only';
import { countAction } from '@/lib/server/auth/action-limit';

// Every upload is read, checked and (images) decoded: at most 40 a user in 10
// minutes. The largest request (an applicant and 13 companions) takes 28 files,
// so an honest user, even replacing a dozen, stays under it.
export const UPLOAD_WINDOW_SECONDS = 10 * 60;
export const MAX_UPLOADS_PER_WINDOW = 40;

/**
 * Counts an upload attempt of the user, refused or not (a refused image cost
 * its check too), or refuses it with 429 and Retry-After once the window is
 * full. Called before the body is read.
 */
export async function countUpload(userId: string) {
  await countAction(`uploads:user:${userId}`, { windowSeconds: UPLOAD_WINDOW_SECONDS, max: MAX_UPLOADS_PER_WINDOW, messageKey: 'too_many_uploads' });
}
