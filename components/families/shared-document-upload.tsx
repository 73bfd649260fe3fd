'use client';

import { useId, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { useTranslations } from 'next-intl';
import { ApiClientError } from '@/lib/api-client';
import { useUploadSharedDocument } from '@/lib/families/families-api';
import { Button } from '@/components/ui/button';

const KINDS = ['passport', 'photo'] as const;

/** The companion's own passport scan and photo, each checked by content on the server; a refusal says why. */
export function SharedDocumentUpload({ id }: { id: string }) {
  return (
    <div className="mt-4 grid gap-4 border-t border-slate-200 pt-4 sm:grid-cols-2">
      {KINDS.map((kind) => (
        <UploadOne key={kind} id={id} kind={kind} />
      ))}
    </div>
  );
}

function UploadOne({ id, kind }: { id: string; kind: (typeof KINDS)[number] }) {
  const t = useTranslations('Families');
  const fields = useTranslations('Fields');
  const upload = useUploadSharedDocument(id);
  const messageId = useId();
  const [done, setDone] = useState(false);
  const failure = upload.error instanceof ApiClientError ? (Object.values(upload.error.fields)[0]?.[0] ?? upload.error.message) : upload.error ? t('offline') : null;
  return (
    <div className="flex flex-col gap-2">
      <FileTrigger
        acceptedFileTypes={kind === 'photo' ? ['image/jpeg', 'image/png'] : ['application/pdf', 'image/jpeg', 'image/png']}
        onSelect={(files) => {
          const file = files?.[0];
          setDone(false);
          if (file) upload.mutate({ kind, file }, { onSuccess: () => setDone(true) });
        }}
      >
        <Button variant="secondary" isPending={upload.isPending} aria-describedby={failure ? `${messageId}-error` : undefined}>
          {t('upload', { document: fields(kind) })}
        </Button>
      </FileTrigger>
      {done && (
        <p role="status" className="text-sm text-emerald-800">
          {t('uploaded')}
        </p>
      )}
      {failure && (
        <p id={`${messageId}-error`} role="alert" className="text-sm text-red-800">
          {failure}
        </p>
      )}
    </div>
  );
}
