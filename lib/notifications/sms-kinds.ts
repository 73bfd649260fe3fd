import type { NotificationType } from './types';

/**
 * What goes by text message too (issue 62, item 3): only what cannot wait, each kind with its own switch on the
 * profile (all on by default, and only to a confirmed number). Everything else stays in the portal, push and e-mail.
 */
export const SMS_KINDS = ['place_offered', 'opening_turn', 'payment_due', 'decision', 'changes_requested'] as const;
export type SmsKind = (typeof SMS_KINDS)[number];

/** The SMS kind of a notice, or null when it does not go by SMS. */
export function smsKindOf(type: NotificationType, params: Record<string, unknown>): SmsKind | null {
  switch (type) {
    case 'place_offered':
      return 'place_offered';
    case 'opening_turn':
      return 'opening_turn';
    // The fee's reminder goes 24 hours before the deadline; an instalment's "a day before" one (not its week's).
    case 'payment_reminder':
      return 'payment_due';
    case 'instalment_due':
      return params.when === 'day' ? 'payment_due' : null;
    // The office's decision: approved or not; the other moves (being reviewed) can wait.
    case 'status_changed':
      return params.status === 'approved' || params.status === 'rejected' ? 'decision' : null;
    case 'changes_requested':
      return 'changes_requested';
    default:
      return null;
  }
}
