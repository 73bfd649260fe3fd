import type { NotificationType } from './types';

/**
 * Which switch on the profile governs a notification's e-mail. Account
 * messages have none: they always go (to a confirmed address).
 */
export type EmailCategory = 'account' | 'requests' | 'payments';

export const EMAIL_CATEGORY: Record<NotificationType, EmailCategory> = {
  welcome: 'account',
  request_submitted: 'requests',
  status_changed: 'requests',
  changes_requested: 'requests',
  request_expired: 'requests',
  place_offered: 'requests',
  shared_request_update: 'requests',
  payment_succeeded: 'payments',
  payment_failed: 'payments',
  payment_refunded: 'payments',
  payment_voided: 'payments',
  payment_reminder: 'payments',
  instalment_paid: 'payments',
  instalment_due: 'payments',
  // The request is cancelled: told whatever the payments switch says, as any move of the request is.
  instalment_missed: 'requests',
  // A turn to send lasts minutes: it goes as every request's news does.
  opening_turn: 'requests',
  opening_ended: 'requests',
  difference_lapsed: 'payments',
};
