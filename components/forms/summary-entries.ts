import type { FieldErrors } from 'react-hook-form';
import type { SummaryError } from '@/components/ui/error-summary';

/**
 * A field's error in words: a rule code from the checks, or a sentence the
 * server already wrote in the page's language (useFieldMessage). The answer
 * is there for the wording that depends on it: a date that is not a real day
 * is said in the calendar it was typed in (use-date-field-message.ts).
 */
export type FieldMessage = (field: string, message: string | undefined, answer?: unknown) => string | undefined;

/** A field's own error, as against the errors of the fields inside it (a companion, a list). */
function isFieldError(error: object): error is { message?: string } {
  const { type, message } = error as { type?: unknown; message?: unknown };
  return typeof type === 'string' || typeof message === 'string';
}

/**
 * The summary's entries for what the checks found, in the form's order: a
 * nested field by its path ("companions.1.mobile"; a list's own error
 * "companions.root"), which is also the end of its field's id.
 */
export function summaryEntries(errors: FieldErrors, message: FieldMessage, answerOf: (path: string) => unknown, prefix = ''): SummaryError[] {
  return Object.entries(errors).flatMap(([name, error]) => {
    if (!error || typeof error !== 'object') return [];
    const path = prefix ? `${prefix}.${name}` : name;
    if (!isFieldError(error)) return summaryEntries(error as FieldErrors, message, answerOf, path);
    const text = message(path, error.message, answerOf(path));
    return text ? [{ field: path, message: text }] : [];
  });
}

/** Whether the form's values have a field at this path ("email", "companions.0.name_ar"). */
export function hasPath(values: unknown, path: string): boolean {
  let at = values;
  for (const part of path.split('.')) {
    if (!at || typeof at !== 'object' || !(part in at)) return false;
    at = (at as Record<string, unknown>)[part];
  }
  return true;
}
