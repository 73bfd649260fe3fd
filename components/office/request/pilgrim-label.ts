'use client';

import { useTranslations } from 'next-intl';
import { useFormats } from '@/lib/i18n/use-formats';

/** "Main applicant", "Companion 2": a pilgrim's key (applicant, companion-1) as the console names it. */
export function usePilgrimLabel() {
  const t = useTranslations('Office.request');
  const formats = useFormats();
  return (key: string) => {
    if (key === 'applicant') return t('applicant');
    if (key === 'service') return t('changes.service');
    return t('companion', { number: formats.number(Number(key.split('-')[1] ?? 0) + 1) });
  };
}
