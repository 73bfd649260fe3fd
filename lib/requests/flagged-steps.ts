import type { WizardStep } from './steps';

// Where each thing the office may flag (lib/office/queue-schemas.ts FLAGGABLE)
// is changed: documents on the documents step, a pilgrim's answers on the
// applicant's or the companions' step. Read by the server, which takes those
// steps off the finished list when it asks for changes, and by the task list,
// which says under each part what was asked and whether it has been changed.

const DOCUMENT_KINDS: readonly string[] = ['passport', 'photo'];

/** The step where a flagged item of a pilgrim ('applicant', 'companion-0', …) is changed. */
export function stepOfFlag(pilgrim: string, item: string): WizardStep {
  if (DOCUMENT_KINDS.includes(item)) return 'documents';
  return pilgrim === 'applicant' ? 'applicant' : 'companions';
}

/** The steps holding anything the office flagged. */
export function flaggedSteps(flagged: Record<string, readonly string[]> | null | undefined): WizardStep[] {
  const steps = Object.entries(flagged ?? {}).flatMap(([pilgrim, items]) => items.map((item) => stepOfFlag(pilgrim, item)));
  return [...new Set(steps)];
}
