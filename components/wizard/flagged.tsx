'use client';

import { createContext, useContext, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';

/**
 * What the office asked to change (issue 18, item 4), per pilgrim
 * ('applicant', 'companion-0', …): answer fields and documents. Provided by
 * the wizard while changes are requested; empty otherwise.
 */
export const FlaggedContext = createContext<Record<string, readonly string[]>>({});

export function useFlagged(pilgrim: string): readonly string[] {
  return useContext(FlaggedContext)[pilgrim] ?? [];
}

/** The pilgrim key of a person's fields, from their form prefix ('' or 'companions.2.'). */
export function pilgrimOfPrefix(prefix: string): string {
  return prefix ? `companion-${prefix.split('.')[1]}` : 'applicant';
}

/**
 * A field or document the office asked to change: said in words above it (not
 * by colour alone) and marked with a bar at its start edge.
 */
export function FlaggedMark({ on, children }: { on: boolean; children: ReactNode }) {
  const t = useTranslations('Wizard');
  if (!on) return <>{children}</>;
  return (
    <div className="flex flex-col gap-1 border-s-4 border-amber-600 ps-3" data-flagged="true">
      <p className="text-sm font-semibold text-amber-900">{t('flaggedMark')}</p>
      {children}
    </div>
  );
}
