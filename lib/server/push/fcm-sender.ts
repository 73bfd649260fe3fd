import 'server-only';
import { env } from '@/lib/server/env';
import type { pushDevices } from '@/lib/server/db/schema';
import type { PushMessage, SendResult } from './message';

type Messaging = import('firebase-admin/messaging').Messaging;
let messaging: Promise<Messaging> | undefined;

/** firebase-admin, loaded only when FCM is configured. */
function fcm(): Promise<Messaging> {
  messaging ??= (async () => {
    const { cert, getApps, initializeApp } = await import('firebase-admin/app');
    const { getMessaging } = await import('firebase-admin/messaging');
    const app = getApps().find((a) => a.name === 'portal') ?? initializeApp({ credential: cert(JSON.parse(env().FIREBASE_SERVICE_ACCOUNT_JSON!)) }, 'portal');
    return getMessaging(app);
  })();
  return messaging;
}

const GONE = new Set(['messaging/registration-token-not-registered', 'messaging/invalid-registration-token']);

/** A data-only FCM message: the service worker shows it, and opens its page, exactly as it does a Web Push one. */
export async function sendFcm(device: typeof pushDevices.$inferSelect, message: PushMessage): Promise<SendResult> {
  try {
    await (await fcm()).send({
      token: device.token,
      data: { ...message },
      // No fcmOptions.link: FCM wants an absolute HTTPS address there, and the service worker opens data.url itself.
      webpush: { headers: { Urgency: 'high', TTL: String(24 * 60 * 60) } },
    });
    return 'sent';
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (GONE.has(code)) return 'gone';
    return { retry: code || 'fcm unreachable' };
  }
}
