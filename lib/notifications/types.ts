/** What a notification can be about; its text lives in messages `Notifications.types.<type>`. */
export const NOTIFICATION_TYPES = [
  'welcome',
  'request_submitted',
  'payment_succeeded',
  'payment_failed',
  'payment_refunded',
  'payment_voided',
  'status_changed',
  'changes_requested',
  'payment_reminder',
  'request_expired',
  // Places came free for a request on the reserve list (docs/PLACES.md).
  'place_offered',
] as const;

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Where a notification leads: its request when it has one, the list otherwise. */
export function notificationLink(requestId: string | null, type: NotificationType): string {
  if (requestId) return `/profile/requests/details/${requestId}`;
  return type === 'welcome' ? '/profile/requests/create' : '/notifications';
}
