'use client';

import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { PlainButton } from '@/components/ui/plain-button';
import { DateInput } from '@/components/ui/date-input';
import { ErrorSummary, type SummaryError } from '@/components/ui/error-summary';
import { isHijriDate } from '@/lib/validation/hijri';
import { DualDate } from '@/components/requests/dual-date';
import { useFormats } from '@/components/requests/use-formats';
import { officeRequest } from '@/lib/office/office-client';

type AuditPage = {
  data: { id: number; at: string; actor: { kind: 'staff' | 'ops_key'; email: string | null }; action: string; target: { type: string; id: string } | null; details: Record<string, unknown>; address: string | null }[];
  meta: { page: number; total: number; total_pages: number };
};

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
  const [actor, setActor] = useState(params.get('actor') ?? '');
  const [action, setAction] = useState(params.get('action') ?? '');
  const [from, setFrom] = useState(params.get('from') ?? '');
  const [to, setTo] = useState(params.get('to') ?? '');
  const [summary, setSummary] = useState<SummaryError[]>([]);
  const [attempt, setAttempt] = useState(0);
  const page = Number(params.get('page') ?? 1) || 1;
  const pageHref = (n: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(n));
    return `${pathname}?${next}`;
  };

  function apply(event: FormEvent) {
    event.preventDefault();
    const wrong = (
      [
        ['from', from],
        ['to', to],
      ] as const
    ).filter(([, value]) => value && !isHijriDate(value));
    if (wrong.length) {
      setSummary(wrong.map(([name]) => ({ field: `audit-${name}`, message: t('dateInvalid', { field: t(name) }) })));
      setAttempt((n) => n + 1);
      return;
    }
    setSummary([]);
    const next = new URLSearchParams();
    if (actor.trim()) next.set('actor', actor.trim());
    if (action.trim()) next.set('action', action.trim());
    if (from) next.set('from', from);
    if (to) next.set('to', to);
    router.push(next.size ? `${pathname}?${next}` : pathname);
  }

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={apply} noValidate className="flex flex-wrap items-end gap-4 rounded-xl border border-slate-300 bg-white p-5">
        <div className="w-full">
          <ErrorSummary errors={summary} formId="audit" attempt={attempt} />
        </div>
        <label className="flex flex-col gap-1">
          <span className="text-sm font-semibold">{t('actor')}</span>
          <span className="text-sm text-muted" id="audit-actor-hint">{t('actorHint')}</span>
          <input value={actor} onChange={(e) => setActor(e.target.value)} dir="ltr" aria-describedby="audit-actor-hint" className={inputClass} />
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-sm font-semibold">{t('action')}</span>
          <span className="text-sm text-muted" id="audit-action-hint">{t('actionHint')}</span>
          <input value={action} onChange={(e) => setAction(e.target.value)} dir="ltr" aria-describedby="audit-action-hint" className={inputClass} />
        </label>
        <div className="grid w-full grid-cols-1 gap-4 md:grid-cols-2">
          {(
            [
              ['from', from, setFrom],
              ['to', to, setTo],
            ] as const
          ).map(([name, value, set]) => {
            const error = summary.find((item) => item.field === `audit-${name}`)?.message;
            return (
              <DateInput key={name} id={`audit-${name}`} name={name} legend={t(name)} value={value} onChange={set} isInvalid={Boolean(error)} errorMessage={error} question="office_audit" defaultCalendar="hijri" />
            );
          })}
        </div>
        <PlainButton type="submit">{t('apply')}</PlainButton>
      </form>
      {isError && <p role="alert">{t('failed')}</p>}
      {!data && !isError && <p aria-busy="true">{t('loading')}</p>}
      {data && (
        <section aria-labelledby="audit-results" className="flex flex-col gap-3">
          <h2 id="audit-results" className="text-lg font-bold">{t('results', { count: data.meta.total, n: formats.number(data.meta.total) })}</h2>
          <div className="overflow-x-auto rounded-xl border border-slate-300 bg-white">
            <table className="w-full min-w-[48rem] text-start text-sm">
              <thead className="bg-sand-100">
                <tr>
                  {(['when', 'who', 'what', 'target', 'address'] as const).map((column) => (
                    <th key={column} scope="col" className="px-3 py-2 text-start font-semibold">{t(`columns.${column}`)}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.data.map((entry) => (
                  <tr key={entry.id} className="border-t border-slate-200 align-top">
                    <td className="px-3 py-2"><DualDate iso={entry.at} time /></td>
                    <td className="px-3 py-2" dir="ltr">{entry.actor.kind === 'ops_key' ? t('opsKey') : entry.actor.email}</td>
                    <td className="px-3 py-2">
                      <span className="font-mono" dir="ltr">{entry.action}</span>
                      {Object.keys(entry.details).length > 0 && <span className="block font-mono text-muted" dir="ltr">{JSON.stringify(entry.details)}</span>}
                    </td>
                    <td className="px-3 py-2 font-mono" dir="ltr">{entry.target ? `${entry.target.type} ${entry.target.id}` : ''}</td>
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
