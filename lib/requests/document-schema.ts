import { z } from '@/lib/validation/z';
import { fileField, rules, textField } from '@/lib/validation/rules';

export const DOCUMENT_KINDS = ['passport', 'photo'] as const;

/**
 * An upload: whose document (applicant, companion-<n> for whoever is at that place now, or a companion's
 * pilgrim_id), which one, and the file (checked by content on the server).
 */
export const uploadDocumentSchema = z.object({
  pilgrim: textField([rules.regex(/^(applicant|companion-\d{1,2}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/)]),
  kind: textField([rules.one_of(DOCUMENT_KINDS)]).transform((kind) => kind as (typeof DOCUMENT_KINDS)[number]),
  file: fileField([]),
});

/** An invited companion's upload (issue 42): always their own document, so no `pilgrim`. */
export const uploadSharedDocumentSchema = uploadDocumentSchema.omit({ pilgrim: true });
