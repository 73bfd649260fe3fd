'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { PlainButton } from '@/components/ui/plain-button';
import { useDeleteFilter, useSaveFilter, useSavedFilters } from '@/lib/office/queue-actions-api';

const linkClass = 'rounded font-semibold text-brand-800 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink';
const inputClass = 'rounded-lg border border-slate-500 bg-white px-3 py-2 text-base focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink';

/** A member's named filters (issue 41, item 6): each a link to the queue as it was filtered; the current filters saved under a name. */
export function SavedFilters({ query, pathname, go }: { query: string; pathname: string; go: (href: string) => void }) {
  const t = useTranslations('Office.queue.saved');
  const { data } = useSavedFilters();
  const save = useSaveFilter();
  const forget = useDeleteFilter();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  return (
    <section aria-labelledby="saved-title" className="flex flex-col gap-3">
      <h3 id="saved-title" className="font-bold">{t('title')}</h3>
      {data && data.length === 0 && <p className="text-muted">{t('none')}</p>}
      {data && data.length > 0 && (
        <ul className="flex flex-wrap gap-3">
          {data.map((filter) => (
            <li key={filter.id} className="flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-1">
              <a
                href={`${pathname}?${filter.query}`}
                className={linkClass}
                onClick={(event) => {
                  event.preventDefault();
                  go(`${pathname}?${filter.query}`);
                }}
              >
                {filter.name}
              </a>
              <button type="button" aria-label={t('delete', { name: filter.name })} onClick={() => forget.mutate(filter.id)} className="rounded px-1 text-lg leading-none focus-visible:outline-3 focus-visible:outline-ink">
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (!name.trim()) return setError(t('nameEmpty'));
          setError(null);
          save.mutate(
            { name: name.trim(), query },
            {
              onSuccess: (filter) => {
                setSaved(t('saved', { name: filter.name }));
                setName('');
              },
              onError: (failure) => setError(failure.message),
            },
          );
        }}
      >
        <label className="flex flex-col gap-1">
          <span className="text-sm font-semibold">{t('name')}</span>
          <input value={name} onChange={(event) => setName(event.target.value)} maxLength={60} aria-invalid={error ? true : undefined} aria-describedby={error ? 'saved-error' : undefined} className={inputClass} />
        </label>
        <PlainButton type="submit" variant="secondary" isPending={save.isPending}>{t('save')}</PlainButton>
        {error && <p id="saved-error" role="alert" className="w-full text-sm text-red-800">{error}</p>}
        {saved && <p role="status" className="w-full text-sm">{saved}</p>}
      </form>
    </section>
  );
}
