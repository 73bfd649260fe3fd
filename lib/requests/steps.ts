/** The application's steps, in order. */
export const REQUEST_STEPS = ['service', 'applicant', 'companions', 'documents', 'review', 'declaration'] as const;
export type RequestStep = (typeof REQUEST_STEPS)[number];

export function isRequestStep(value: unknown): value is RequestStep {
  return typeof value === 'string' && (REQUEST_STEPS as readonly string[]).includes(value);
}

/** Where to resume: the first step not finished yet (the last one when all are). */
export function firstUnfinishedStep(completed: readonly string[]): RequestStep {
  return REQUEST_STEPS.find((step) => !completed.includes(step)) ?? 'declaration';
}
