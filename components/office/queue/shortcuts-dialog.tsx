'use client';

import { forwardRef } from 'react';
import { useTranslations } from 'next-intl';
import { PlainButton } from '@/components/ui/plain-button';

const KEYS = [
  ['j k', 'jk'],
  ['Enter', 'enter'],
  ['x', 'x'],
  ['a', 'a'],
  ['/', 'slash'],
  ['?', 'question'],
] as const;

/** The list of the queue's keyboard shortcuts: a modal dialog (Escape closes it and the focus goes back where it was). */
export const ShortcutsDialog = forwardRef<HTMLDialogElement>(function ShortcutsDialog(_, ref) {
  const t = useTranslations('Office.queue.shortcuts');
  return (
    <dialog ref={ref} aria-labelledby="shortcuts-title" className="m-auto w-full max-w-md rounded-xl border border-slate-300 bg-white p-6 backdrop:bg-black/40">
      <h2 id="shortcuts-title" className="mb-4 text-lg font-bold">{t('title')}</h2>
      <dl className="mb-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        {KEYS.map(([keys, name]) => (
          <div key={name} className="contents">
            <dt dir="ltr" className="text-end font-mono">{keys.split(' ').map((key) => <kbd key={key} className="me-1 rounded border border-slate-400 bg-sand-100 px-1.5">{key}</kbd>)}</dt>
            <dd>{t(name)}</dd>
          </div>
        ))}
      </dl>
      <form method="dialog">
        <PlainButton type="submit">{t('close')}</PlainButton>
      </form>
    </dialog>
  );
});
