'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { PlainButton } from '@/components/ui/plain-button';
import { FilterDates } from './filter-dates';
import { ErrorSummary } from '@/components/ui/error-summary';
import { checkRules } from '@/components/forms/form-rules';
import { useApiForm } from '@/components/forms/use-api-form';
import { isHijriDate } from '@/lib/validation/hijri';
import { DualDate } from '@/components/requests/dual-date';
import { AuditSentence } from './audit-sentence';
import { useFormats } from '@/lib/i18n/use-formats';
import { officeRequest } from '@/lib/office/office-client';
import type { AuditEntry, AuditPage } from '@/lib/contract/office';

type Filters = { actor: string; action: string; reference: string; from: string; to: string };
const DATES = ['from', 'to'] as const;

const inputClass = 'rounded-lg border border-slate-500 bg-white px-3 py-2 text-base focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink';
const linkClass = 'rounded font-semibold text-brand-800 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink';

/** The audit log for admins (issue 18, item 7): read-only, newest first, filtered in the URL. */
export function OfficeAudit() {
  const t = useTranslations('Office.audit');
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const query = params.toString();
  const formats = useFormats();
  const { data, isError } = useQuery({
    queryKey: ['office', 'audit', query],
    queryFn: ({ signal }) => officeRequest<AuditPage>(`/audit${query ? `?${query}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });
  // The filters as typed, applied to the URL by "Apply"; a date must be a day.
  const { form, summary, attempt, onSubmit } = useApiForm<Filters>(
    checkRules((filters) => ({
      errors: Object.fromEntries(DATES.filter((name) => filters[name] && !isHijriDate(filters[name])).map((name) => [name, t('dateInvalid', { field: t(name) })])),
      values: filters,
    })),
    { actor: params.get('actor') ?? '', action: params.get('action') ?? '', reference: params.get('reference') ?? '', from: params.get('from') ?? '', to: params.get('to') ?? '' },
    { checkOn: 'submit' },
  );
  const page = Number(params.get('page') ?? 1) || 1;
  const pageHref = (n: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(n));
    return `${pathname}?${next}`;
  };

  const apply = onSubmit(({ actor, action, reference, from, to }) => {
    const next = new URLSearchParams();
    if (actor.trim()) next.set('actor', actor.trim());
    if (action.trim()) next.set('action', action.trim());
    if (reference.trim()) next.set('reference', reference.trim().toUpperCase());
    if (from) next.set('from', from);
    if (to) next.set('to', to);
    router.push(next.size ? `${pathname}?${next}` : pathname);
  });

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={apply} noValidate className="flex flex-wrap items-end gap-4 rounded-xl border border-slate-300 bg-white p-5">
        <div className="w-full">
          <ErrorSummary errors={summary} formId="audit" attempt={attempt} />
        </div>
        <label className="flex flex-col gap-1">
          <span className="text-sm font-semibold">{t('actor')}</span>
          <span className="text-sm text-muted" id="audit-actor-hint">{t('actorHint')}</span>
          <input {...form.register('actor')} dir="ltr" aria-describedby="audit-actor-hint" className={inputClass} />
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-sm font-semibold">{t('action')}</span>
          <span className="text-sm text-muted" id="audit-action-hint">{t('actionHint')}</span>
          <input {...form.register('action')} dir="ltr" aria-describedby="audit-action-hint" className={inputClass} />
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-sm font-semibold">{t('reference')}</span>
          <span className="text-sm text-muted" id="audit-reference-hint">{t('referenceHint')}</span>
          <input {...form.register('reference')} dir="ltr" autoComplete="off" spellCheck={false} aria-describedby="audit-reference-hint" className={inputClass} />
        </label>
        <FilterDates control={form.control} names={DATES} formId="audit" legend={(name) => t(name)} question="office_audit" className="grid w-full grid-cols-1 gap-4 md:grid-cols-2" />
        <PlainButton type="submit">{t('apply')}</PlainButton>
      </form>
      {isError && <p role="alert">{t('failed')}</p>}
      {!data && !isError && <p aria-busy="true">{t('loading')}</p>}
      {data && (
        <section aria-labelledby="audit-results" className="flex flex-col gap-3">
          <h2 id="audit-results" className="text-lg font-bold">{t('results', { count: data.meta.total, n: formats.number(data.meta.total) })}</h2>
          <div className="overflow-x-auto rounded-xl border border-slate-300 bg-white">
            <table className="w-full min-w-[40rem] text-start text-sm">
              <thead className="bg-sand-100">
                <tr>
                  {(['when', 'what', 'address'] as const).map((column) => (
                    <th key={column} scope="col" className="px-3 py-2 text-start font-semibold">{t(`columns.${column}`)}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.data.map((entry) => (
                  <tr key={entry.id} className="border-t border-slate-200 align-top">
                    <td className="px-3 py-2"><DualDate iso={entry.at} time /></td>
                    <td className="px-3 py-2">
                      <p className="text-base">
                        <AuditSentence entry={entry} />
                      </p>
                      <RawEntry entry={entry} />
                    </td>
                    <td className="px-3 py-2 font-mono" dir="ltr">{entry.address}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.meta.total_pages > 1 && (
            <nav aria-label={t('pages')} className="flex items-center justify-between gap-4">
              {page > 1 ? <a href={pageHref(page - 1)} className={linkClass}>{t('previous')}</a> : <span />}
              <span>{t('pageOf', { page: formats.number(page), pages: formats.number(data.meta.total_pages) })}</span>
              {page < data.meta.total_pages ? <a href={pageHref(page + 1)} className={linkClass}>{t('next')}</a> : <span />}
            </nav>
          )}
        </section>
      )}
    </div>
  );
}

/** The entry as recorded, for whoever needs the ids: the action's code, its target and its details. */
function RawEntry({ entry }: { entry: AuditEntry }) {
  const t = useTranslations('Office.audit');
  return (
    <details className="mt-1 text-muted">
      <summary className="w-fit cursor-pointer rounded focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink">{t('raw')}</summary>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt>{t('rawAction')}</dt>
        <dd className="font-mono" dir="ltr">{entry.action}</dd>
        {entry.target && (
          <>
            <dt>{t('rawTarget')}</dt>
            <dd className="font-mono break-all" dir="ltr">{`${entry.target.type} ${entry.target.id}`}</dd>
          </>
        )}
        {Object.keys(entry.details).length > 0 && (
          <>
            <dt>{t('rawDetails')}</dt>
            <dd className="font-mono break-all" dir="ltr">{JSON.stringify(entry.details)}</dd>
          </>
        )}
      </dl>
    </details>
  );
}
