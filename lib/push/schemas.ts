import { z } from '@/lib/validation/z';
import { hasControlCharacters } from '@/lib/validation/control-characters';
import { encodeRule } from '@/lib/validation/rule-code';

/**
 * What a device token can look like: an FCM registration token, or `wp_` and a
 * base64url hash for Web Push. Anything else names no device (and a NUL, say,
 * could not even be compared in PostgreSQL).
 */
export const DEVICE_TOKEN = /^[A-Za-z0-9_:.-]{1,4096}$/;

const base64url = z.string().min(16).max(200).regex(/^[A-Za-z0-9_-]+=*$/);

/** A browser's Web Push subscription, as PushSubscription.toJSON() gives it. */
export const webPushSubscriptionSchema = z.object({
  // The URL parser would accept (and PostgreSQL then refuse) a NUL in the path.
  endpoint: z.string().url().max(1000).refine((endpoint) => !hasControlCharacters(endpoint), encodeRule('control_characters')),
  keys: z.object({ p256dh: base64url, auth: base64url }),
});

/** POST /devices: a Web Push subscription, or an FCM registration token. */
export const registerDeviceSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('webpush'), subscription: webPushSubscriptionSchema }),
  z.object({ provider: z.literal('fcm'), token: z.string().min(20).regex(DEVICE_TOKEN) }),
]);

/** PATCH /devices/{token}: renewal, with the subscription's current keys when they changed. */
export const renewDeviceSchema = z.object({ subscription: webPushSubscriptionSchema.optional() });

export type RegisterDevice = z.infer<typeof registerDeviceSchema>;

/** The browser renews its device every 7 days (DESIGN section 5). */
export const DEVICE_RENEW_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
