'use client';

import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import type { RequestDetails } from '@/lib/contract/requests';
import { officeNoteOf } from '@/lib/requests/office-note';
import { useFormats } from '@/lib/i18n/use-formats';

/**
 * The office's note, where a pilgrim looks first: at the top of a request's
 * details and of the form that makes the changes it asks for. Headed by what
 * it is ("The office asked for changes"), the note kept as written.
 */
export function OfficeNote({ request, level = 2, children }: { request: Pick<RequestDetails, 'history' | 'status' | 'changes_due_at'>; level?: 2 | 3; children?: ReactNode }) {
  const t = useTranslations('RequestDetails');
  const formats = useFormats();
  const note = officeNoteOf(request);
  if (!note) return null;
  const asked = request.status === 'changes_requested';
  // The deadline the office gave for the changes (issue 41, item 8), in both calendars, as the e-mail says it.
  const due = asked && request.changes_due_at ? formats.moment(request.changes_due_at) : null;
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby="office-note-title" className={`rounded-xl border-s-4 p-4 ${asked ? 'border-amber-600 bg-amber-50' : 'border-slate-500 bg-sand-100'}`}>
      <Heading id="office-note-title" className="font-semibold text-ink">
        {asked ? t('officeAsked') : t('officeNote')}
      </Heading>
      <p className="mt-1 whitespace-pre-line text-ink">
        <bdi>{note}</bdi>
      </p>
      {due && (
        <p className="mt-2 font-semibold text-ink" data-testid="changes-due">
          <time dateTime={request.changes_due_at!}>{t('changesDue', { hijri: due.hijri, gregorian: due.gregorian })}</time>
        </p>
      )}
      {children}
    </section>
  );
}
