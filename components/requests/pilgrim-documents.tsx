'use client';

import { useLocale, useTranslations } from 'next-intl';
import { documentUrl } from '@/lib/requests/requests-api';
import type { RequestDocument } from '@/lib/contract/requests';
import { focusVisibleRing } from '@/components/ui/focus-visible-ring';
import { DocumentThumbnail, THUMBNAIL_BOX } from './document-thumbnail';
import { useFormats } from '@/lib/i18n/use-formats';

/** A pilgrim by label (applicant, companion-<n>) and, where the caller knows it, by the id their documents are kept against (null: the applicant). */
export type NamedPilgrim = { key: string; name: string; id?: string | null };

/** Whether a document is this pilgrim's: by id when it is given (a list that may have moved since the documents were read), else by label. */
const isOf = (doc: RequestDocument, pilgrim: NamedPilgrim) => (pilgrim.id === undefined ? doc.pilgrim === pilgrim.key : pilgrim.id === null ? doc.pilgrim === 'applicant' : doc.pilgrim_id === pilgrim.id);

const KINDS = ['passport', 'photo'] as const;

/**
 * Each pilgrim's passport scan and photo under the pilgrim's name, each with
 * its picture and a download (check answers and the request's details).
 */
export function PilgrimDocuments({
  pilgrims,
  documents,
  heading: Heading,
}: {
  pilgrims: NamedPilgrim[];
  documents: RequestDocument[];
  /** null: no heading of the pilgrim's name (the companion's own page, whose section is already «مستنداتك»). */
  heading: 'h3' | 'h4' | null;
}) {
  const t = useTranslations('RequestDetails.documents');
  const fields = useTranslations('Fields');
  const locale = useLocale();
  const { fileSize } = useFormats();
  return (
    <div className="flex flex-col gap-5">
      {pilgrims.map((pilgrim) => (
        <div key={pilgrim.key} className="flex flex-col gap-2">
          {Heading && (
            <Heading className="font-semibold">
              <bdi>{pilgrim.name}</bdi>
            </Heading>
          )}
          <ul aria-label={t('byPilgrim', { pilgrim: pilgrim.name })} className="grid gap-3 sm:grid-cols-2">
            {KINDS.map((kind) => {
              const doc = documents.find((d) => isOf(d, pilgrim) && d.kind === kind);
              const document = fields(kind);
              return (
                <li key={kind} className="flex items-start gap-3">
                  {doc ? (
                    <DocumentThumbnail doc={doc} pilgrim={pilgrim.name} />
                  ) : (
                    <span aria-hidden="true" className={`${THUMBNAIL_BOX} border-dashed bg-slate-50`} />
                  )}
                  <div className="flex min-w-0 flex-col gap-1 text-sm">
                    <span className="font-semibold">{document}</span>
                    {doc ? (
                      <>
                        {/* A plain link: the session cookie authenticates the download. */}
                        <a
                          href={documentUrl(doc.id)}
                          download={doc.file_name}
                          aria-label={t('download', { file: doc.file_name, document: document.toLocaleLowerCase(locale), pilgrim: pilgrim.name })}
                          className={`rounded break-all text-brand-800 underline underline-offset-2 ${focusVisibleRing}`}
                        >
                          <bdi>{doc.file_name}</bdi>
                        </a>
                        <span className="text-muted">{fileSize(doc.size)}</span>
                      </>
                    ) : (
                      <span className="text-muted">{t('missing')}</span>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}
