import 'server-only';
import { ApiError } from '@/lib/server/http/errors';
import { counters } from './rate-limit';

/**
 * Counts one costly action of a user (an upload, an invitation e-mail), refused
 * or not, or refuses it with 429 and Retry-After once `max` were made in the
 * window; `messageKey` (ApiErrors) says which action, with the minutes to wait.
 */
export async function countAction(key: string, { windowSeconds, max, messageKey }: { windowSeconds: number; max: number; messageKey: string }) {
  const store = counters();
  const { count, resetInSeconds } = await store.peek(key);
  if (count >= max && resetInSeconds > 0) {
    throw new ApiError('too_many_requests', {
      messageKey,
      headers: { 'Retry-After': String(resetInSeconds) },
      values: { minutes: Math.ceil(resetInSeconds / 60) },
    });
  }
  await store.hit(key, windowSeconds);
}
