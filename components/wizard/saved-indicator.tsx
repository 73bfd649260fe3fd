'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { SaveState } from './use-draft';

/** "Saved at 14:05", or what is happening to the answers right now. */
export function SavedIndicator({ state, savedAt }: { state: SaveState; savedAt: Date | null }) {
  const t = useTranslations('Wizard.save');
  const format = useFormatter();
  const text =
    state === 'saved' && savedAt
      ? t('savedAt', { time: format.dateTime(savedAt, { hour: '2-digit', minute: '2-digit', second: '2-digit' }) })
      : t(state === 'saved' ? 'unsaved' : state);
  return (
    <p role="status" aria-live="polite" className={`text-sm ${state === 'offline' ? 'font-semibold text-amber-800' : 'text-muted'}`} data-save-state={state}>
      {text}
    </p>
  );
}
