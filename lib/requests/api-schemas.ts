import { z } from '@/lib/validation/z';
import { REQUEST_STEPS } from './steps';
import { MAX_INSTALMENTS } from '@/lib/payments/payment-plan';
import { REQUEST_STATUSES } from './statuses';
import { encodeRule, rules, textField } from '@/lib/validation/rules';
import { findJsonProblem } from '@/lib/validation/control-characters';

/** A JSON value that may arrive as text (multipart and url-encoded bodies). */
const json = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}, z.unknown());

export const createRequestSchema = z.object({ type: textField([rules.one_of(['hajj', 'umrah'])]) });

/**
 * The autosaved answers: free JSON (drafts hold unfinished answers), but no
 * control character in any string or key (a NUL cannot be stored in jsonb) and
 * no absurd nesting (it would overflow JSON.stringify), pointed at by path.
 */
const answers = json.superRefine((value, ctx) => {
  const found = findJsonProblem(value);
  if (found) ctx.addIssue({ code: 'custom', path: found.path, message: encodeRule(found.problem) });
});

// A version is a PostgreSQL integer: a bigger number can match no request (and would be a database error).
const MAX_VERSION = 2_147_483_647;

export const saveStepSchema = z.object({
  step: textField([rules.one_of(REQUEST_STEPS)]).transform((step) => step as (typeof REQUEST_STEPS)[number]),
  data: answers,
  version: textField([rules.integer(), rules.min_value(1), rules.max_value(MAX_VERSION)]).transform(Number),
  complete: z.union([z.boolean(), z.enum(['true', 'false'])]).optional().transform((value) => value === true || value === 'true'),
});

export const listRequestsSchema = z.object({
  status: textField([rules.one_of(REQUEST_STATUSES)], { optional: true }),
  page: textField([rules.integer(), rules.min_value(1), rules.max_value(10_000)], { optional: true }).transform((page) => Number(page ?? 1)),
});

export const officeMoveSchema = z.object({
  status: textField([rules.one_of(REQUEST_STATUSES)]),
  note: textField([rules.max(2000)], { optional: true }),
});

/** POST /requests/{id}/pilgrims/{pilgrim}/invitation: the companion's e-mail address. */
export const inviteCompanionSchema = z.object({ email: textField([rules.email(), rules.max(254)]) });

/** POST /invitations/accept: the token of the invitation's link. */
export const acceptInvitationSchema = z.object({ token: textField([rules.max(200)]) });

/** PATCH /me/shared-requests/{id}: the companion's own answers, at the version they were read at. */
export const saveSharedAnswersSchema = z.object({
  answers,
  version: textField([rules.integer(), rules.min_value(1), rules.max_value(MAX_VERSION)]).transform(Number),
});

/** Differences named in a request's payments (one per dearer package chosen after paying): more is not a family's journey. */
const MAX_DIFFERENCES = 20;

/**
 * POST /requests/{id}/payments: which part of the fee to pay (issue 42): `full`, `deposit` (when the service offers a
 * plan), or an instalment (`instalment-1`, …) once the deposit is paid; the difference of a dearer package chosen after
 * paying (`difference-1`, …; issue 57, item 6). Left out: the whole fee, the next instalment owed, or the difference owed.
 */
export const PAYMENT_PARTS = [
  'full',
  'deposit',
  ...Array.from({ length: MAX_INSTALMENTS }, (_, i) => `instalment-${i + 1}`),
  ...Array.from({ length: MAX_DIFFERENCES }, (_, i) => `difference-${i + 1}`),
] as const;
export const startPaymentSchema = z.object({ part: textField([rules.one_of(PAYMENT_PARTS)], { optional: true }) });
