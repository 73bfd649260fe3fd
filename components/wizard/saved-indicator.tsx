'use client';

import { useLocale, useTimeZone, useTranslations } from 'next-intl';
import { formatTime } from '@/lib/i18n/numbers';
import type { SaveState } from './use-draft';
import { OFFICE_TIME_ZONE } from '@/lib/office/time-zone';

/** "Saved at 14:05", or what is happening to the answers right now. */
export function SavedIndicator({ state, savedAt }: { state: SaveState; savedAt: Date | null }) {
  const t = useTranslations('Wizard.save');
  const locale = useLocale();
  const timeZone = useTimeZone() ?? OFFICE_TIME_ZONE;
  const text =
    state === 'saved' && savedAt
      ? t('savedAt', { time: formatTime(savedAt, locale, timeZone) })
      : t(state === 'saved' ? 'unsaved' : state);
  return (
    <p role="status" aria-live="polite" className={`text-sm ${state === 'offline' ? 'font-semibold text-amber-800' : 'text-muted'}`} data-save-state={state}>
      {text}
    </p>
  );
}
