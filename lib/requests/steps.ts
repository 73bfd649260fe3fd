/** The application's steps, in order, as the API records them. */
export const REQUEST_STEPS = ['service', 'applicant', 'companions', 'documents', 'review', 'declaration'] as const;
export type RequestStep = (typeof REQUEST_STEPS)[number];

/**
 * The steps a pilgrim sees: the declaration is made on the check-answers page,
 * above "Accept and continue to payment", as in GOV.UK's check-answers pattern (issue 21), so
 * the form has five steps; the API still records the declaration as a step.
 */
export const WIZARD_STEPS = ['service', 'applicant', 'companions', 'documents', 'review'] as const satisfies readonly RequestStep[];
export type WizardStep = (typeof WIZARD_STEPS)[number];

export function isRequestStep(value: unknown): value is RequestStep {
  return typeof value === 'string' && (REQUEST_STEPS as readonly string[]).includes(value);
}

/** The page a step is shown on: the declaration's is check answers. */
export function wizardStepOf(step: RequestStep): WizardStep {
  return step === 'declaration' ? 'review' : step;
}

/** Where to resume: the first step not finished yet (check answers when all are). */
export function firstUnfinishedStep(completed: readonly string[]): WizardStep {
  return WIZARD_STEPS.find((step) => !completed.includes(step)) ?? 'review';
}
