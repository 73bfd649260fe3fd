'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { RequestDetails } from '@/lib/contract/requests';
import { answersOf, personName, pilgrimOf } from './answers-of';
import { PilgrimDocuments } from './pilgrim-documents';
import { useFormats } from '@/lib/i18n/use-formats';

/** The uploaded passport scans and photos, under each pilgrim's name, each a picture and a download for its owner. */
export function RequestDocuments({ request }: { request: RequestDetails }) {
  const t = useTranslations('RequestDetails');
  const locale = useLocale();
  const { number } = useFormats();
  const answers = answersOf(request.data);

  const pilgrimLabel = (key: string) => {
    const { person, companion } = pilgrimOf(key, answers);
    return personName(person, locale) ?? (companion === null ? t('answers.applicant') : t('answers.companion', { number: number(companion) }));
  };
  // Every pilgrim of the answers, and any other a document names (never hidden).
  const keys = ['applicant', ...answers.companions.map((_, index) => `companion-${index}`)];
  for (const doc of request.documents) if (!keys.includes(doc.pilgrim)) keys.push(doc.pilgrim);

  return (
    <section aria-labelledby="documents-title" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="documents-title" className="mb-4 text-xl font-semibold">
        {t('documents.title')}
      </h2>
      {request.documents.length === 0 ? (
        <p className="text-muted">{t('documents.none')}</p>
      ) : (
        <PilgrimDocuments heading="h3" pilgrims={keys.map((key) => ({ key, name: pilgrimLabel(key) }))} documents={request.documents} />
      )}
    </section>
  );
}
