'use client';

import { createContext, useContext, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import type { FlagNote, RequestDetails } from '@/lib/contract/requests';
import { messageOf } from '@/lib/i18n/data-keys';

/** What the office asked to change and why, as the wizard holds it. */
export type Flags = {
  /** Per pilgrim ('applicant', 'companion-0', …): answer fields and documents (issue 18, item 4). */
  flagged: Record<string, readonly string[]>;
  /** Per pilgrim and flagged field: the ready-made reason and the reviewer's note (issue 41, item 8). */
  notes: Record<string, Record<string, FlagNote>>;
  /**
   * Each companion's id → the label the flags were read under (issue 57): a form whose list has moved since (a
   * companion removed above, not yet saved) still marks the person the office flagged, named by their id.
   */
  labels?: Record<string, string>;
};

const NOTHING: Flags = { flagged: {}, notes: {} };

/** The flags of a request: nothing unless changes are requested (the API sends null then). */
export function flagsOf(request: Pick<RequestDetails, 'flagged' | 'flag_notes' | 'data'>): Flags {
  if (!request.flagged) return NOTHING;
  const companions = Array.isArray(request.data.companions) ? (request.data.companions as { pilgrim_id?: unknown }[]) : [];
  const labels = Object.fromEntries(companions.flatMap((companion, index) => (typeof companion?.pilgrim_id === 'string' ? [[companion.pilgrim_id, `companion-${index}`]] : [])));
  return { flagged: request.flagged, notes: request.flag_notes ?? {}, labels };
}

/** Provided by the wizard while changes are requested; empty otherwise. */
export const FlaggedContext = createContext<Flags>(NOTHING);

/** The pilgrim label of a person's fields, from their form prefix ('' or 'companions.2.'). */
export function pilgrimOfPrefix(prefix: string): string {
  return prefix ? `companion-${prefix.split('.')[1]}` : 'applicant';
}

/** Why the office flagged a field, in the pilgrim's language, then the reviewer's note as written; empty when neither was given. */
export function FlagWhy({ note }: { note: FlagNote | undefined }) {
  const reasons = useTranslations('ChangeReasons');
  if (!note?.reason && !note?.note) return null;
  return (
    <>
      {note.reason && <span className="block">{messageOf(reasons, note.reason)}</span>}
      {note.note && (
        <span className="block whitespace-pre-line font-normal">
          <bdi>{note.note}</bdi>
        </span>
      )}
    </>
  );
}

/**
 * A field or document the office asked to change: said in words above it (not
 * by colour alone), with the office's reason and note, and marked with a bar at
 * its start edge.
 */
export function FlaggedMark({ pilgrim: named, field, children }: { pilgrim: string; field: string; children: ReactNode }) {
  const t = useTranslations('Wizard');
  const { flagged, notes, labels } = useContext(FlaggedContext);
  // Named by label, or by a companion's id (read back to the label the flags came with).
  const pilgrim = labels?.[named] ?? named;
  if (!flagged[pilgrim]?.includes(field)) return <>{children}</>;
  return (
    <div className="flex flex-col gap-1 border-s-4 border-amber-600 ps-3" data-flagged="true">
      <p className="text-sm font-semibold text-amber-900">
        {t('flaggedMark')}
        <FlagWhy note={notes[pilgrim]?.[field]} />
      </p>
      {children}
    </div>
  );
}
