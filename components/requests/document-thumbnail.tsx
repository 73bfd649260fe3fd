'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { documentThumbnailUrl } from '@/lib/requests/requests-api';
import type { RequestDocument } from '@/lib/contract/requests';
import { DocumentIcon } from '@/components/ui/icons';

export const THUMBNAIL_BOX = 'h-24 w-20 shrink-0 rounded-md border border-slate-300 bg-white';

/**
 * The document as a small picture (issue 40, item 3): a photo shrunk, or a
 * PDF's first page, made by the server behind the owner's session. When none
 * can be drawn, an icon stands in its place, named the same: the document
 * and whose it is ("Passport of Aisha Rahman").
 */
export function DocumentThumbnail({ doc, pilgrim }: { doc: RequestDocument; pilgrim: string }) {
  const t = useTranslations('RequestDetails.documents');
  const fields = useTranslations('Fields');
  const alt = t('thumbnail', { document: fields(doc.kind), pilgrim });
  // By id: a replaced document (a new id) is tried again.
  const [failedId, setFailedId] = useState<string | null>(null);
  if (failedId === doc.id) {
    return (
      <span role="img" aria-label={alt} className={`${THUMBNAIL_BOX} flex flex-col items-center justify-center gap-1 text-xs font-semibold text-muted`}>
        <DocumentIcon />
        {doc.mime === 'application/pdf' && <span aria-hidden="true">{t('pdfPicture')}</span>}
      </span>
    );
  }
  return (
    // eslint-disable-next-line @next/next/no-img-element -- already small, and behind the session cookie, which Next's image optimizer would not send.
    <img
      src={documentThumbnailUrl(doc.id)}
      alt={alt}
      width={80}
      height={96}
      loading="lazy"
      decoding="async"
      onError={() => setFailedId(doc.id)}
      className={`${THUMBNAIL_BOX} object-contain`}
    />
  );
}
