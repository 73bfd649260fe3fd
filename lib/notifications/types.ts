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
  // To an invited companion (issue 42): news of the request they are on that concerns them.
  'shared_request_update',
  // A payment plan's instalments (issue 42, docs/INSTALMENTS.md): received, due soon, missed (the request cancelled).
  'instalment_paid',
  'instalment_due',
  'instalment_missed',
  // An opening's queue (issue 59, docs/OPENING.md): the pilgrim's turn to send has come; the queue closed before it.
  'opening_turn',
  'opening_ended',
  // A dearer package's difference not paid by its pay-by time: the request is back on the package paid for (issue 57, item 6).
  'difference_lapsed',
] as const;

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Where a notification leads: its request when it has one (a companion's: their part of it), the list otherwise. */
export function notificationLink(requestId: string | null, type: NotificationType, service?: string): string {
  // An opening's notice leads to its queue page (the pilgrim's place, and what to do next).
  if ((type === 'opening_turn' || type === 'opening_ended') && service) return `/openings/${service}`;
  // A companion's notice leads to their own part, never to the applicant's page.
  if (requestId && type === 'shared_request_update') return `/profile/shared/${requestId}`;
  if (requestId) return `/profile/requests/details/${requestId}`;
  return type === 'welcome' ? '/profile/requests/create' : '/notifications';
}
