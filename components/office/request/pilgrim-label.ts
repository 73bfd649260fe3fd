'use client';

import { useTranslations } from 'next-intl';
import { useFormats } from '@/lib/i18n/use-formats';

/** "Main applicant", "Companion 2": a pilgrim's label (applicant, companion-1, removed-1) as the console names it. */
export function usePilgrimLabel() {
  const t = useTranslations('Office.request');
  const formats = useFormats();
  return (key: string) => {
    if (key === 'applicant') return t('applicant');
    if (key === 'service') return t('changes.service');
    const number = formats.number(Number(key.split('-')[1] ?? 0) + 1);
    // Old -> new: a companion removed since the changes were asked, at their place then (lib/office/answer-changes.ts).
    if (key.startsWith('removed-')) return t('changes.removedCompanion', { number });
    return t('companion', { number });
  };
}
