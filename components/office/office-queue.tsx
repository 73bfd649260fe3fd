'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { FilterDates } from './filter-dates';
import { PlainButton } from '@/components/ui/plain-button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { checkRules } from '@/components/forms/form-rules';
import { useApiForm } from '@/components/forms/use-api-form';
import { useFormats } from '@/lib/i18n/use-formats';
import { QUEUE_STATUSES } from '@/lib/office/queue-schemas';
import { useOfficeQueue } from '@/lib/office/office-requests-api';
import { isHijriDate } from '@/lib/validation/hijri';

const FILTERS = ['q', 'type', 'assigned', 'submitted_from', 'submitted_to'] as const;
type Filter = (typeof FILTERS)[number];
const DATES = ['submitted_from', 'submitted_to'] as const;
const linkClass = 'rounded font-semibold text-brand-800 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink';
const inputClass = 'rounded-lg border border-slate-500 bg-white px-3 py-2 text-base focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink';

/**
 * The office's queue (issue 18, item 2). Everything that selects what is shown
 * lives in the URL (status, filters, page), so a filtered queue can be
 * bookmarked, shared and reloaded; the status tabs carry their counts.
 */
export function OfficeQueue({ canExport }: { canExport: boolean }) {
  const t = useTranslations('Office');
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const query = params.toString();
  const { data, isError } = useOfficeQueue(query);
  const formats = useFormats();
  // The filters as typed, applied to the URL by "Apply"; a date must be a day.
  const { form, summary, attempt, onSubmit } = useApiForm<Record<Filter, string>>(
    checkRules((filters) => ({
      errors: Object.fromEntries(DATES.filter((name) => filters[name] && !isHijriDate(filters[name])).map((name) => [name, t('queue.dateInvalid', { field: t(`queue.${name}`) })])),
      values: filters,
    })),
    Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])) as Record<Filter, string>,
    { checkOn: 'submit' },
  );
  const status = params.get('status') ?? '';
  const page = Number(params.get('page') ?? 1) || 1;

  const hrefWith = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    const text = next.toString();
    return text ? `${pathname}?${text}` : pathname;
  };

  const apply = onSubmit((filters) => router.push(hrefWith({ ...filters, q: filters.q.trim(), page: null })));

  const counts = data?.meta.counts ?? {};
  const total = Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0);

  return (
    <div className="flex flex-col gap-6">
      <nav aria-label={t('queue.statusNav')}>
        <ul className="flex flex-wrap gap-2">
          {[['', total] as const, ...QUEUE_STATUSES.map((s) => [s, counts[s] ?? 0] as const)].map(([value, count]) => (
            <li key={value || 'all'}>
              <a
                href={hrefWith({ status: value || null, page: null })}
                aria-current={status === value ? 'page' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  router.push(hrefWith({ status: value || null, page: null }));
                }}
                className={`inline-block rounded-full border px-3 py-1 text-sm font-semibold focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink ${status === value ? 'border-brand-800 bg-brand-800 text-white' : 'border-slate-400 bg-white text-ink'}`}
              >
                {value ? t(`status.${value}`) : t('queue.all')} <span className="tabular-nums">({formats.number(count)})</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <form onSubmit={apply} noValidate className="flex flex-col gap-4 rounded-xl border border-slate-300 bg-white p-5" aria-labelledby="filters-title">
        <h2 id="filters-title" className="text-lg font-bold">{t('queue.filtersTitle')}</h2>
        <ErrorSummary errors={summary} formId="queue" attempt={attempt} />
        <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
          <label className="flex flex-col gap-1 md:col-span-3">
            <span className="text-sm font-semibold">{t('queue.q')}</span>
            <span className="text-sm text-muted" id="queue-q-hint">{t('queue.qHint')}</span>
            <input type="search" {...form.register('q')} aria-describedby="queue-q-hint" className={inputClass} />
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-sm font-semibold">{t('queue.type')}</span>
            <select {...form.register('type')} className={inputClass}>
              <option value="">{t('queue.anyType')}</option>
              <option value="hajj">{t('queue.hajj')}</option>
              <option value="umrah">{t('queue.umrah')}</option>
            </select>
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-sm font-semibold">{t('queue.assigned')}</span>
            <select {...form.register('assigned')} className={inputClass}>
              <option value="">{t('queue.anyone')}</option>
              <option value="me">{t('queue.me')}</option>
              <option value="unassigned">{t('queue.unassigned')}</option>
            </select>
          </label>
        </div>
        <FilterDates control={form.control} names={DATES} formId="queue" legend={(name) => t(`queue.${name}`)} question="office_submitted" />
        <div className="flex flex-wrap items-center gap-4">
          <PlainButton type="submit">{t('queue.apply')}</PlainButton>
          <a href={pathname} className={linkClass}>{t('queue.clear')}</a>
          {canExport && (
            <a href={`/api/v1/office/export${query ? `?${query}` : ''}`} className={linkClass} download>
              {t('queue.export')}
            </a>
          )}
        </div>
      </form>

      {isError && <p role="alert">{t('queue.failed')}</p>}
      {!data && !isError && <p aria-busy="true">{t('queue.loading')}</p>}
      {data && (
        <section aria-labelledby="results-title" className="flex flex-col gap-3">
          <h2 id="results-title" className="text-lg font-bold" aria-live="polite">
            {t('queue.results', { count: data.meta.total, n: formats.number(data.meta.total) })}
          </h2>
          {data.data.length === 0 ? (
            <p className="text-muted">{t('queue.none')}</p>
          ) : (
            <div className="overflow-x-auto rounded-xl border border-slate-300 bg-white">
              <table className="w-full min-w-[48rem] text-start text-sm">
                <thead className="bg-sand-100">
                  <tr>
                    {(['reference', 'applicant', 'service', 'status', 'payment', 'pilgrims', 'sent', 'assignedTo'] as const).map((column) => (
                      <th key={column} scope="col" className="px-3 py-2 text-start font-semibold">{t(`queue.columns.${column}`)}</th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.data.map((item) => {
                    const sent = item.submitted_at ? formats.moment(item.submitted_at) : null;
                    return (
                      <tr key={item.id} className="border-t border-slate-200">
                        <th scope="row" className="px-3 py-2 text-start font-normal">
                          <a href={`${pathname}/${item.id}`} dir="ltr" className={`${linkClass} font-mono`}>{item.reference}</a>
                        </th>
                        <td className="px-3 py-2">{item.applicant_name}</td>
                        <td className="px-3 py-2">{t(`queue.${item.type as 'hajj' | 'umrah'}`)}</td>
                        <td className="px-3 py-2">{t(`status.${item.status}`)}</td>
                        <td className="px-3 py-2">{item.payment ? t(`payment.${item.payment}`) : ''}</td>
                        <td className="px-3 py-2 tabular-nums">{formats.number(item.pilgrims)}</td>
                        <td className="px-3 py-2">{sent && <>{sent.hijri}<br /><span className="text-muted">{sent.gregorian}</span></>}</td>
                        <td className="px-3 py-2">{item.assigned_to?.name ?? <span className="text-muted">{t('queue.nobody')}</span>}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          {data.meta.total_pages > 1 && (
            <nav aria-label={t('queue.pages')} className="flex items-center justify-between gap-4">
              {page > 1 ? <a href={hrefWith({ page: String(page - 1) })} className={linkClass}>{t('queue.previous')}</a> : <span />}
              <span>{t('queue.pageOf', { page: formats.number(page), pages: formats.number(data.meta.total_pages) })}</span>
              {page < data.meta.total_pages ? <a href={hrefWith({ page: String(page + 1) })} className={linkClass}>{t('queue.next')}</a> : <span />}
            </nav>
          )}
        </section>
      )}
    </div>
  );
}
