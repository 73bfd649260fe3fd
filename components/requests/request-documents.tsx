'use client';

import { useLocale, useTranslations } from 'next-intl';
import { documentUrl, type RequestDetails } from '@/lib/requests/requests-api';
import { focusVisibleRing } from '@/components/ui/focus-visible-ring';
import { answersOf, personName, pilgrimOf } from './answers-of';
import { useFormats } from './use-formats';

/** The uploaded passport scans and photos, each a download for its owner. */
export function RequestDocuments({ request }: { request: RequestDetails }) {
  const t = useTranslations('RequestDetails');
  const fields = useTranslations('Fields');
  const locale = useLocale();
  const { fileSize, number } = useFormats();
  const answers = answersOf(request.data);

  const pilgrimLabel = (key: string) => {
    const { person, companion } = pilgrimOf(key, answers);
    return personName(person, locale) ?? (companion === null ? t('answers.applicant') : t('answers.companion', { number: number(companion) }));
  };

  return (
    <section aria-labelledby="documents-title" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="documents-title" className="mb-4 text-xl font-semibold">
        {t('documents.title')}
      </h2>
      {request.documents.length === 0 ? (
        <p className="text-muted">{t('documents.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {request.documents.map((doc) => (
            <li key={doc.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
              {/* A plain link: the session cookie authenticates the download. */}
              <a href={documentUrl(doc.id)} download={doc.file_name} className={`rounded font-semibold text-brand-800 underline underline-offset-4 ${focusVisibleRing}`}>
                {t('documents.link', { document: fields(doc.kind), pilgrim: pilgrimLabel(doc.pilgrim) })}
              </a>
              {/* Name and size apart, not joined by a dot that reads as a digit next to Arabic numerals. */}
              <span className="flex gap-3 text-sm text-muted">
                <bdi>{doc.file_name}</bdi>
                <span>{fileSize(doc.size)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
