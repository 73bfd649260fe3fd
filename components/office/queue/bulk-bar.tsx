'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { PlainButton } from '@/components/ui/plain-button';
import { useFormats } from '@/lib/i18n/use-formats';
import { useBulkAction, type BulkAction } from '@/lib/office/queue-actions-api';
import type { BulkResult } from '@/lib/contract/office';

const inputClass = 'w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink';

/**
 * What to do with the selected requests (issue 41, item 3): assign them to me,
 * release them, or add one internal note to each. What went through is said,
 * and each one that could not is listed with why. Reviewing actions are shown
 * to those who review.
 */
export function BulkBar({ ids, canReview, onDone }: { ids: string[]; canReview: boolean; onDone: (result: BulkResult) => void }) {
  const t = useTranslations('Office.queue.bulk');
  const formats = useFormats();
  const bulk = useBulkAction();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState(false);
  const [result, setResult] = useState<BulkResult | null>(null);
  const run = (action: Omit<BulkAction, 'ids'>) =>
    bulk.mutate({ ids, ...action }, {
      onSuccess: (answer) => {
        setResult(answer);
        if (action.action === 'note') setNote('');
        onDone(answer);
      },
    });

  return (
    <section aria-labelledby="bulk-title" className="flex flex-col gap-3 rounded-xl border border-brand-700 bg-brand-50 p-4">
      <h2 id="bulk-title" className="font-bold">
        {t('title')}: <span aria-live="polite">{t('selected', { count: ids.length, n: formats.number(ids.length) })}</span>
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        {canReview && (
          <>
            <PlainButton type="button" isPending={bulk.isPending} disabled={!ids.length} onClick={() => run({ action: 'assign', assign: 'me' })}>{t('assignMe')}</PlainButton>
            <PlainButton type="button" variant="secondary" isPending={bulk.isPending} disabled={!ids.length} onClick={() => run({ action: 'release' })}>{t('release')}</PlainButton>
          </>
        )}
        <form
          className="flex min-w-[18rem] flex-1 flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (!note.trim()) return setNoteError(true);
            setNoteError(false);
            run({ action: 'note', body: note.trim() });
          }}
        >
          <label className="flex flex-1 flex-col gap-1">
            <span className="text-sm font-semibold">{t('note')}</span>
            <input value={note} onChange={(event) => setNote(event.target.value)} aria-invalid={noteError || undefined} aria-describedby={noteError ? 'bulk-note-error' : undefined} className={inputClass} />
            {noteError && <span id="bulk-note-error" className="text-sm text-red-800">{t('noteEmpty')}</span>}
          </label>
          <PlainButton type="submit" variant="secondary" isPending={bulk.isPending} disabled={!ids.length}>{t('addNote')}</PlainButton>
        </form>
      </div>
      <div role="status">
        {result && (
          <>
            <p>{t('done', { count: result.done.length, n: formats.number(result.done.length) })}</p>
            {result.refused.length > 0 && (
              <ul className="list-disc ps-6">
                {result.refused.map((item) => <li key={item.id}>{t('refused', { reference: item.reference ?? item.id, message: item.message })}</li>)}
              </ul>
            )}
          </>
        )}
      </div>
    </section>
  );
}
