import 'server-only';
import webpush from 'web-push';
import { env } from '@/lib/server/env';
import type { pushDevices } from '@/lib/server/db/schema';
import type { PushMessage, SendResult } from './message';
import { vapidKeys } from './vapid';

const TTL_SECONDS = 24 * 60 * 60;

/** Standard Web Push (RFC 8030/8291/8292): encrypted with the subscription's keys, signed with the app's VAPID key. */
export async function sendWebPush(device: typeof pushDevices.$inferSelect, message: PushMessage): Promise<SendResult> {
  if (!device.endpoint || !device.p256dh || !device.auth) return 'gone';
  const { publicKey, privateKey } = await vapidKeys();
  // web-push encrypts (aes128gcm) and signs (VAPID); the request itself goes through fetch,
  // which also reaches the plain-HTTP push server a test or a self-hosted setup may use.
  const details = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, JSON.stringify(message), {
    vapidDetails: { subject: env().WEB_PUSH_SUBJECT, publicKey, privateKey },
    TTL: TTL_SECONDS,
    urgency: 'high',
    contentEncoding: 'aes128gcm',
  });
  let status: number;
  try {
    const response = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body ? new Uint8Array(details.body) : null,
      redirect: 'error',
      signal: AbortSignal.timeout(10_000),
    });
    status = response.status;
    await response.body?.cancel();
  } catch {
    return { retry: 'push service unreachable' };
  }
  if (status >= 200 && status < 300) return 'sent';
  // The browser unsubscribed or the subscription expired: the push service says so with 404 or 410.
  if (status === 404 || status === 410) return 'gone';
  return { retry: `push service answered ${status}` };
}
