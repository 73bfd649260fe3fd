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
  try {
    await webpush.sendNotification({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, JSON.stringify(message), {
      vapidDetails: { subject: env().WEB_PUSH_SUBJECT, publicKey, privateKey },
      TTL: TTL_SECONDS,
      urgency: 'high',
      contentEncoding: 'aes128gcm',
      timeout: 10_000,
    });
    return 'sent';
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    // The browser unsubscribed or the subscription expired: the push service says so with 404 or 410.
    if (status === 404 || status === 410) return 'gone';
    return { retry: status ? `push service answered ${status}` : 'push service unreachable' };
  }
}
