'use client';

import { useTranslations } from 'next-intl';
import type { OfficeRequest } from '@/lib/contract/office';
import { usePilgrimLabel } from './pilgrim-label';
import { ChevronForwardIcon } from '@/components/ui/icons';

const shown = (value: unknown) => (value === null || value === undefined || value === '' ? null : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** After a resend, each answer the pilgrim changed since changes were asked, old -> new, highlighted (issue 41, item 7). */
export function AnswerChanges({ request }: { request: OfficeRequest }) {
  const t = useTranslations('Office.request.changes');
  const fields = useTranslations('Fields');
  const label = usePilgrimLabel();
  if (request.changes.length === 0) return null;
  return (
    <section aria-labelledby="changes-title" className="rounded-xl border border-brand-700 bg-brand-50 p-5">
      <h2 id="changes-title" className="mb-1 text-lg font-bold">{t('title')}</h2>
      <p className="mb-3 text-sm">{t('intro')}</p>
      <ul className="flex flex-col gap-2">
        {request.changes.map((change) => (
          <li key={`${change.pilgrim}-${change.field}`}>
            <span className="font-semibold">{t('field', { pilgrim: label(change.pilgrim), field: fields.has(change.field as 'name') ? fields(change.field as 'name') : change.field })}: </span>
            <del className="text-muted"><bdi>{shown(change.old) ?? t('empty')}</bdi></del>
            <ChevronForwardIcon aria-hidden="true" className="mx-1 inline size-4" />
            <ins className="rounded bg-yellow-100 px-1 font-semibold no-underline"><bdi>{shown(change.new) ?? t('empty')}</bdi></ins>
          </li>
        ))}
      </ul>
    </section>
  );
}
