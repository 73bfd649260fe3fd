import { z } from '@/lib/validation/z';
import { NOTIFICATION_TYPES } from '@/lib/notifications/types';
import { firebaseClientConfig } from './accounts';
import { envelope, timestamp, uuid } from './common';
import { DELIVERY_CHANNELS, DELIVERY_STATES } from '@/lib/notifications/deliveries';

// The pilgrim's notices (the list, read marks, the live stream's items) and the devices push messages go to.

/** A notification as GET /notifications and the live stream show it: text already in the reader's language. */
export const notificationItem = z.object({
  id: uuid,
  seq: z.int(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  request_id: uuid.nullable(),
  // The page it leads to, without the locale prefix (e.g. /profile/requests/details/…).
  link: z.string(),
  read: z.boolean(),
  created_at: timestamp,
  deliveries: z
    .array(z.object({ channel: z.enum(DELIVERY_CHANNELS), state: z.enum(DELIVERY_STATES), at: timestamp }))
    .describe('How the notice went by each channel it went by (sms, email, push), with when its state last changed; empty on the live stream'),
});
export type NotificationItem = z.infer<typeof notificationItem>;

const unread = z.object({ unread_count: z.int() });

/** GET /notifications: a page, with the unread count for the badge. */
export const notificationsPage = envelope(z.array(notificationItem), z.object({ page: z.int(), per_page: z.int(), total: z.int(), unread_count: z.int() }));
export type NotificationsPage = z.infer<typeof notificationsPage>;

/** POST /notifications/{id}/read */
export const notificationRead = envelope(notificationItem, unread);
export type NotificationRead = z.infer<typeof notificationRead>;

/** POST /notifications/read-all: how many were marked. */
export const allNotificationsRead = envelope(z.object({ marked: z.int() }), unread);
export type AllNotificationsRead = z.infer<typeof allNotificationsRead>;

export const pushConfig = z.object({
  vapid_public_key: z.string().describe('The Web Push application server key (base64url)'),
  fcm: firebaseClientConfig.extend({ messagingSenderId: z.string(), vapidKey: z.string() }).nullable().describe('Firebase Cloud Messaging, when configured'),
});
export type PushConfig = z.infer<typeof pushConfig>;

/** A device as the API answers it. */
export const pushDevice = z.object({
  token: z.string().describe('Identifies the device in PATCH and DELETE /devices/{token}'),
  provider: z.enum(['webpush', 'fcm']),
  renewed_at: timestamp,
});
export type PushDevice = z.infer<typeof pushDevice>;

/** A device in the profile's list, with the browser and system it was registered from. */
export const listedPushDevice = pushDevice.extend({ browser: z.string().nullable(), system: z.string().nullable(), created_at: timestamp });
export type ListedPushDevice = z.infer<typeof listedPushDevice>;
