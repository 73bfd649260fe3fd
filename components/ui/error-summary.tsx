'use client';

import { useEffect, useRef } from 'react';
import { useTranslations } from 'next-intl';

/** The summary entry of an error that belongs to the whole form, not a field. */
export const FORM_ERROR = 'form';

export type SummaryError = { field: string; message: string };

/**
 * The list of what needs fixing, shown after a failed submit. It takes focus
 * so that screen readers announce it; each entry moves focus to its field.
 */
export function ErrorSummary({ errors, formId, attempt }: { errors: SummaryError[]; formId: string; attempt: number }) {
  const t = useTranslations('Forms');
  const ref = useRef<HTMLDivElement>(null);
  const focusedAttempt = useRef(0);

  // Focus once per failed attempt, as soon as the summary is on screen (the
  // errors may arrive a render after the attempt is counted).
  useEffect(() => {
    if (attempt > focusedAttempt.current && ref.current) {
      focusedAttempt.current = attempt;
      ref.current.focus();
    }
  });

  if (errors.length === 0) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby={`${formId}-summary-title`}
      className="rounded-lg border-2 border-red-700 bg-red-50 p-4 outline-none focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink focus-visible:ring-3 focus-visible:ring-white"
    >
      <h2 id={`${formId}-summary-title`} className="font-bold text-red-800">
        {t('summaryTitle')}
      </h2>
      <ul className="mt-2 list-disc space-y-1 ps-5">
        {errors.map(({ field, message }) => (
          <li key={field}>
            {field === FORM_ERROR ? (
              <span className="text-red-800">{message}</span>
            ) : (
            <a
              href={`#${formId}-${field}`}
              className="text-red-800 underline underline-offset-2"
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(`${formId}-${field}`)?.focus();
              }}
            >
              {message}
            </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
