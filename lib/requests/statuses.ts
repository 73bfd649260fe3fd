/** The life of a request (DESIGN section 6). */
export const REQUEST_STATUSES = [
  'draft',
  // On the package's reserve list, waiting for places (docs/PLACES.md): joined from a draft refused with sold_out.
  'reserved',
  'pending_payment',
  'submitted',
  'under_review',
  'changes_requested',
  'approved',
  'rejected',
  'cancelled',
  'expired',
] as const;

export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export function isRequestStatus(value: unknown): value is RequestStatus {
  return typeof value === 'string' && (REQUEST_STATUSES as readonly string[]).includes(value);
}

/** Who may move a request from one status to another. */
export const TRANSITIONS: Record<RequestStatus, { user: RequestStatus[]; office: RequestStatus[]; system: RequestStatus[] }> = {
  draft: { user: ['pending_payment', 'reserved'], office: [], system: [] },
  // Leaving the list is the pilgrim's (back to a draft); a place offered is the system's, with a fresh pay-by time.
  reserved: { user: ['draft'], office: [], system: ['pending_payment'] },
  // Submitted only by a payment (system): the gateway's, or money received at the office's counter,
  // recorded as a payment (lib/server/payments/counter.ts). No office move skips the fee (DESIGN section 6).
  // Back to draft: the user withdraws it from payment to change the answers (its checkout is voided).
  pending_payment: { user: ['cancelled', 'draft'], office: ['cancelled'], system: ['submitted', 'expired'] },
  // Cancelled by the system: an instalment of the payment plan missed past its grace (docs/INSTALMENTS.md).
  submitted: { user: ['cancelled'], office: ['under_review', 'cancelled'], system: ['cancelled'] },
  under_review: { user: [], office: ['approved', 'rejected', 'changes_requested'], system: ['cancelled'] },
  changes_requested: { user: ['submitted'], office: ['cancelled'], system: ['cancelled'] },
  approved: { user: [], office: ['cancelled'], system: ['cancelled'] },
  rejected: { user: [], office: [], system: [] },
  cancelled: { user: [], office: [], system: [] },
  expired: { user: [], office: [], system: [] },
};

/**
 * The user may change the answers and documents of a draft, or when the office
 * asked for changes; never while the fee computed at submit awaits payment (the
 * number of pilgrims would no longer match what is paid).
 */
export const EDITABLE_STATUSES: readonly RequestStatus[] = ['draft', 'changes_requested'];

/**
 * Moves that give a request's places back at once, in the move's transaction
 * (docs/PLACES.md). Payment (pending_payment → submitted) keeps them for good;
 * every other move leaves the hold as it is.
 */
export const PLACES_GIVEN_BACK: readonly RequestStatus[] = ['cancelled', 'expired', 'rejected'];

/** Badge colours: Tailwind classes, one family per kind of state. */
export const STATUS_BADGE: Record<RequestStatus, string> = {
  draft: 'bg-slate-100 text-slate-800',
  reserved: 'bg-violet-100 text-violet-900',
  pending_payment: 'bg-amber-100 text-amber-900',
  submitted: 'bg-sky-100 text-sky-900',
  under_review: 'bg-indigo-100 text-indigo-900',
  changes_requested: 'bg-orange-100 text-orange-900',
  approved: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-900',
  cancelled: 'bg-slate-200 text-slate-800',
  expired: 'bg-slate-200 text-slate-800',
};
