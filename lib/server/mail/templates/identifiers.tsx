import type { ReactNode } from 'react';
import { REFERENCE_IN_TEXT } from '@/lib/server/requests/references';

/**
 * The text with each request reference kept whole and left to right. Unwrapped,
 * an Arabic heading broke a reference at its hyphen ("HJ-" at the end of one
 * line, "1448-000001" on the next) and the bidirectional order put its parts
 * on the wrong sides. Each reference is its own left-to-right run on one line,
 * as on the site (<bdi dir="ltr"> in components/requests).
 */
export function keepIdentifiersWhole(text: string): ReactNode {
  const parts = text.split(REFERENCE_IN_TEXT);
  if (parts.length === 1) return text;
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} dir="ltr" style={{ whiteSpace: 'nowrap', unicodeBidi: 'isolate' }}>
        {part}
      </span>
    ) : (
      part
    ),
  );
}
