import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { FormRules } from './form-rules';

/**
 * A form's zod schema as its rules for useApiForm: the same rules the server
 * parses with. Apart from form-rules.ts so that a page whose forms check
 * without zod (sign-in, registration) never loads it.
 */
export function zodRules<T extends FieldValues>(schema: z.ZodType): FormRules<T> {
  // The resolver only checks; the typed values are the user's own answers.
  return zodResolver(schema as never) as never;
}
