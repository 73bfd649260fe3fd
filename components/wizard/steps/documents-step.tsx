'use client';

import { useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FileTrigger } from 'react-aria-components';
import { useTranslations } from 'next-intl';
import { API_BASE_URL, ApiClientError } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth/auth-store';
import { documentUrl, requestKeys } from '@/lib/requests/requests-api';
import type { RequestDocument } from '@/lib/contract/requests';
import { smallerCopy } from '@/lib/requests/smaller-copy';
import { DocumentThumbnail } from '@/components/requests/document-thumbnail';
import { Button } from '@/components/ui/button';
import type { SummaryError } from '@/components/ui/error-summary';
import { useApiForm } from '@/components/forms/use-api-form';
import { formatCount, formatMegabytes } from '@/lib/i18n/numbers';
import { StepShell } from '../step-shell';
import { FlaggedMark } from '../flagged';
import type { StepProps } from './step-props';
import { messageOf } from '@/lib/i18n/data-keys';

// The server's limits (lib/server/uploads/inspect.ts), checked here first so that a refusal comes at once, saying why.
const KINDS = [
  { kind: 'passport', accept: ['application/pdf', 'image/jpeg', 'image/png'], maxBytes: 2048 * 1024 },
  { kind: 'photo', accept: ['image/jpeg', 'image/png'], maxBytes: 1024 * 1024 },
] as const;
const EXTENSIONS: Record<string, RegExp> = { 'application/pdf': /\.pdf$/i, 'image/jpeg': /\.jpe?g$/i, 'image/png': /\.png$/i };

type Upload = {
  progress: number;
  error?: string;
  /** A picture over the limit: its size while a smaller copy is being made. */
  shrinking?: number;
  /** The smaller copy offered in its place, with the original's size. */
  offer?: { copy: File; original: number };
};
const IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png'];
const isPicture = (file: File) => IMAGE_TYPES.includes(file.type) || /\.(jpe?g|png)$/i.test(file.name);

/** Sends a file with XMLHttpRequest, the one browser API that reports upload progress. */
function sendFile(requestId: string, pilgrim: string, kind: string, file: File, locale: string, onProgress: (percent: number) => void) {
  return new Promise<RequestDocument>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE_URL}/requests/${requestId}/documents`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', locale);
    const token = useAuthStore.getState().token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    xhr.onload = () => {
      const body = (() => {
        try {
          return JSON.parse(xhr.responseText);
        } catch {
          return null;
        }
      })();
      if (xhr.status >= 200 && xhr.status < 300) resolve(body.data);
      else reject(new ApiClientError(xhr.status, body));
    };
    xhr.onerror = () => reject(new TypeError('network'));
    const form = new FormData();
    form.append('pilgrim', pilgrim);
    form.append('kind', kind);
    form.append('file', file);
    xhr.send(form);
  });
}

export function DocumentsStep({ draft, requestId, documents, locale, onDone, onBack }: StepProps & { requestId: string; documents: RequestDocument[]; locale: string }) {
  const t = useTranslations('Wizard');
  const fields = useTranslations('Fields');
  const queryClient = useQueryClient();
  const [docs, setDocs] = useState(documents);
  const [uploads, setUploads] = useState<Record<string, Upload>>({});
  // Uploads on their way: "Continue" waits for them instead of reporting their files missing.
  const inFlight = useRef(new Set<Promise<void>>());

  const companions = Array.isArray(draft.answers.companions) ? (draft.answers.companions as { name_latin?: string; name_ar?: string; pilgrim_id?: unknown }[]) : [];
  const applicant = (draft.answers.applicant ?? {}) as { name_latin?: string; name_ar?: string };
  // Each pilgrim by their place on the page (`key`, for the page's ids and the server's errors) and, for a companion, by
  // the id their documents are kept against: a document shown and a file sent go to that person, wherever the list has
  // moved them since the request was read (issue 57).
  const pilgrims: { key: string; id: string | null; name: string }[] = [
    { key: 'applicant', id: null, name: (locale === 'ar' ? applicant.name_ar : applicant.name_latin) || t('mainApplicant') },
    ...companions.map((c, i) => ({
      key: `companion-${i}`,
      id: typeof c.pilgrim_id === 'string' && c.pilgrim_id ? c.pilgrim_id : null,
      name: (locale === 'ar' ? c.name_ar : c.name_latin) || t('companionNumber', { number: formatCount(i + 1, locale) }),
    })),
  ];
  const pilgrimOf = (key: string) => pilgrims.find((p) => p.key === key);
  /** Whether a document is this pilgrim's: by id for a companion who has one, else by place. */
  const isOf = (doc: RequestDocument, key: string) => {
    const pilgrim = pilgrimOf(key);
    if (key === 'applicant' || !pilgrim?.id) return doc.pilgrim === key && (key === 'applicant' || !doc.pilgrim_id);
    return doc.pilgrim_id === pilgrim.id;
  };

  /** Why the browser already knows a file will be refused (too large, not a type the document takes); null when it may go. */
  function refusal(kind: (typeof KINDS)[number], file: File, who: string): string | null {
    const document = fields(kind.kind).toLocaleLowerCase(locale);
    if (file.size > kind.maxBytes) {
      return t('uploadTooLarge', { document, pilgrim: who, limit: formatMegabytes(kind.maxBytes, locale), size: formatMegabytes(file.size, locale) });
    }
    const typeOk = (kind.accept as readonly string[]).includes(file.type) || kind.accept.some((mime) => EXTENSIONS[mime]!.test(file.name));
    return typeOk ? null : t(`uploadWrongType.${kind.kind}`, { document, pilgrim: who });
  }

  function upload(pilgrim: string, kind: string, file: File) {
    const rules = KINDS.find((k) => k.kind === kind)!;
    const who = pilgrims.find((p) => p.key === pilgrim)?.name ?? '';
    // A phone photo over the limit: a smaller copy is offered first, and the file refused only when none can be made.
    if (file.size > rules.maxBytes && isPicture(file)) {
      void offerSmallerCopy(pilgrim, rules, file, who);
      return;
    }
    const refused = refusal(rules, file, who);
    if (refused) {
      setUploads((all) => ({ ...all, [`${pilgrim}/${kind}`]: { progress: 0, error: refused } }));
      return;
    }
    send(pilgrim, kind, file);
  }

  function send(pilgrim: string, kind: string, file: File) {
    const job = storeDocument(pilgrim, kind, file);
    inFlight.current.add(job);
    void job.finally(() => inFlight.current.delete(job));
  }

  /** Makes the copy in the browser (canvas) and shows it with its size; the pilgrim chooses to send it. */
  async function offerSmallerCopy(pilgrim: string, rules: (typeof KINDS)[number], file: File, who: string) {
    const slot = `${pilgrim}/${rules.kind}`;
    setUploads((all) => ({ ...all, [slot]: { progress: 0, shrinking: file.size } }));
    const copy = await smallerCopy(file, rules.maxBytes).catch(() => null);
    setUploads((all) => {
      // Another file was chosen for this document meanwhile: that one stands.
      if (all[slot]?.shrinking !== file.size) return all;
      return { ...all, [slot]: copy ? { progress: 0, offer: { copy, original: file.size } } : { progress: 0, error: refusal(rules, file, who)! } };
    });
  }

  /** One file to the server, its progress and outcome shown in its slot; never rejects. */
  async function storeDocument(pilgrim: string, kind: string, file: File) {
    const slot = `${pilgrim}/${kind}`;
    setUploads((all) => ({ ...all, [slot]: { progress: 0 } }));
    try {
      // A companion's file is sent by their id: it goes to them even if the list has changed meanwhile.
      const doc = await sendFile(requestId, pilgrimOf(pilgrim)?.id ?? pilgrim, kind, file, locale, (progress) => setUploads((all) => ({ ...all, [slot]: { progress } })));
      setDocs((all) => [...all.filter((d) => !(isOf(d, pilgrim) && d.kind === kind)), doc]);
      setUploads((all) => ({ ...all, [slot]: { progress: 100 } }));
      void queryClient.invalidateQueries({ queryKey: requestKeys.one(requestId) });
    } catch (error) {
      // The server says why (too large, wrong type, unreadable): said with the document and whose it is.
      const who = pilgrims.find((p) => p.key === pilgrim)?.name ?? '';
      const reason = error instanceof ApiClientError ? (Object.values(error.fields)[0]?.[0] ?? error.message) : null;
      const message = reason ? t('uploadRefused', { document: messageOf(fields, kind).toLocaleLowerCase(locale), pilgrim: who, reason }) : t('uploadOffline');
      setUploads((all) => ({ ...all, [slot]: { progress: 0, error: message } }));
    }
  }

  /** The summary lists every refused upload too, linked to its button, in place of "missing" for the same document. */
  function withRefusals(list: SummaryError[]): SummaryError[] {
    const refused = Object.entries(uploads).flatMap(([slot, state]) => (state.error ? [{ field: slot.replace('/', '-'), message: state.error }] : []));
    return [...refused, ...list.filter((entry) => !refused.some((r) => r.field === entry.field))];
  }

  // No fields of its own (the files go as they are chosen): the server's errors name the missing documents, each led to its button.
  const { form, summary, attempt, onSubmit } = useApiForm(undefined, {}, {
    offlineMessage: t('uploadOffline'),
    placeServerError: (field, message) => {
      const [, pilgrim, kind] = field.split('.');
      const who = pilgrims.find((p) => p.key === pilgrim)?.name ?? pilgrim;
      return { field: `${pilgrim}-${kind}`, message: t('documentMissing', { document: messageOf(fields, kind ?? 'file'), pilgrim: who ?? '' }) || message };
    },
  });
  // Made as the form is sent, not as it is drawn: it reads the uploads under way (a ref).
  const submit = (event: FormEvent<HTMLFormElement>) =>
    onSubmit(async () => {
      await Promise.all(inFlight.current);
      await draft.complete('documents', {});
      onDone();
    })(event);

  return (
    <StepShell formId="documents" title={t('steps.documents')} lead={t('documentsLead')} summary={withRefusals(summary)} attempt={attempt} onSubmit={submit} onBack={onBack} isPending={form.formState.isSubmitting}>
      {pilgrims.map((pilgrim) => (
        <section key={pilgrim.key} aria-labelledby={`docs-${pilgrim.key}`} className="rounded-xl border border-slate-200 bg-white p-4">
          <h3 id={`docs-${pilgrim.key}`} className="font-semibold">
            <bdi>{pilgrim.name}</bdi>
          </h3>
          <ul className="mt-3 grid gap-4 sm:grid-cols-2">
            {KINDS.map(({ kind, accept }) => {
              const doc = docs.find((d) => isOf(d, pilgrim.key) && d.kind === kind);
              const state = uploads[`${pilgrim.key}/${kind}`];
              const busy = state && state.progress < 100 && !state.error && !state.offer && state.shrinking === undefined;
              const document = fields(kind).toLocaleLowerCase(locale);
              const limit = formatMegabytes(KINDS.find((k) => k.kind === kind)!.maxBytes, locale);
              return (
                <li key={kind} className="flex flex-col gap-2">
                  <FlaggedMark pilgrim={pilgrim.id ?? pilgrim.key} field={kind}>
                  <span className="text-sm font-semibold">{fields(kind)}</span>
                  <span className="text-sm text-muted">{t(`documentRules.${kind}`)}</span>
                  {doc && (
                    <div className="flex items-center gap-3">
                      <DocumentThumbnail doc={doc} pilgrim={pilgrim.name} />
                      <a href={documentUrl(doc.id)} download className="min-w-0 break-all text-sm text-brand-800 underline underline-offset-2">
                        <bdi>{doc.file_name}</bdi>
                      </a>
                    </div>
                  )}
                  <FileTrigger acceptedFileTypes={[...accept]} onSelect={(files) => files?.[0] && upload(pilgrim.key, kind, files[0])}>
                    <Button id={`documents-${pilgrim.key}-${kind}`} variant="secondary" isDisabled={busy} className="self-start">
                      {t(doc ? 'replaceFile' : 'chooseFile', { document: fields(kind), pilgrim: pilgrim.name })}
                    </Button>
                  </FileTrigger>
                  {busy && (
                    <div role="progressbar" aria-label={t('uploading', { document: fields(kind) })} aria-valuenow={state.progress} aria-valuemin={0} aria-valuemax={100} className="h-2 overflow-hidden rounded-full bg-slate-200">
                      <div className="h-full bg-brand-700 transition-[width]" style={{ width: `${state.progress}%` }} />
                    </div>
                  )}
                  {state?.shrinking !== undefined && (
                    <p role="status" className="text-sm">
                      {t('smallerCopyMaking', { document, limit, size: formatMegabytes(state.shrinking, locale) })}
                    </p>
                  )}
                  {state?.offer && (
                    <div className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3">
                      <p role="status" id={`offer-${pilgrim.key}-${kind}`} className="text-sm">
                        {t('smallerCopyOffer', { document, pilgrim: pilgrim.name, limit, size: formatMegabytes(state.offer.original, locale), copySize: formatMegabytes(state.offer.copy.size, locale) })}
                      </p>
                      <Button className="self-start" aria-describedby={`offer-${pilgrim.key}-${kind}`} onPress={() => send(pilgrim.key, kind, state.offer!.copy)}>
                        {t('smallerCopyUse', { size: formatMegabytes(state.offer.copy.size, locale) })}
                      </Button>
                    </div>
                  )}
                  {state?.error && (
                    <p role="alert" className="text-sm font-medium text-red-700">
                      {state.error}
                    </p>
                  )}
                  </FlaggedMark>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </StepShell>
  );
}
