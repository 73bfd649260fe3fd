import { z } from '@/lib/validation/z';
import { REQUEST_STEPS } from './steps';
import { REQUEST_STATUSES } from './statuses';
import { rules, textField } from '@/lib/validation/rules';

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

export const saveStepSchema = z.object({
  step: textField([rules.one_of(REQUEST_STEPS)]).transform((step) => step as (typeof REQUEST_STEPS)[number]),
  data: json,
  version: textField([rules.integer(), rules.min_value(1)]).transform(Number),
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
