'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { FilterDates } from './filter-dates';
import { BulkBar } from './queue/bulk-bar';
import { QueueTable } from './queue/queue-table';
import { SavedFilters } from './queue/saved-filters';
import { ShortcutsDialog } from './queue/shortcuts-dialog';
import { ViewTabs } from './queue/view-tabs';
import { apiQuery, queueView, type QueueView } from './queue/queue-view';
import { PlainButton } from '@/components/ui/plain-button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { checkRules } from '@/components/forms/form-rules';
import { useApiForm } from '@/components/forms/use-api-form';
import { useFormats } from '@/lib/i18n/use-formats';
import { QUEUE_STATUSES } from '@/lib/office/queue-schemas';
import { PACKAGES } from '@/lib/requests/packages';
import { useOfficeQueue } from '@/lib/office/office-requests-api';
import { useBulkAction } from '@/lib/office/queue-actions-api';
import { isHijriDate } from '@/lib/validation/hijri';

const FILTERS = ['q', 'type', 'package', 'assigned', 'overdue', 'duplicates', 'refund', 'submitted_from', 'submitted_to'] as const;
type Filter = (typeof FILTERS)[number];
const DATES = ['submitted_from', 'submitted_to'] as const;
const linkClass = 'rounded font-semibold text-brand-800 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink';
const inputClass = 'rounded-lg border border-slate-500 bg-white px-3 py-2 text-base focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink';

/** A key pressed while typing in a field is the field's, not a shortcut. */
const typing = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The office's queue (issue 18, item 2; issue 41). It opens on my work,
 * grouped by how late each request is; the team's pool and everyone's are a
 * tab away. Everything that selects what is shown lives in the URL (view,
 * status, filters, page), so a filtered queue can be bookmarked, shared,
 * saved under a name and reloaded. Many can be selected and acted on at once,
 * and the keyboard does it all (? lists the keys).
 */
export function OfficeQueue({ canExport, canReview, canApproveRefunds = false }: { canExport: boolean; canReview: boolean; canApproveRefunds?: boolean }) {
  const t = useTranslations('Office');
  const locale = useLocale();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const query = params.toString();
  const view = queueView(params);
  const { data, isError } = useOfficeQueue(apiQuery(params));
  const formats = useFormats();
  const bulk = useBulkAction();
  // What is selected and which row is active belong to one page of results: another query starts afresh.
  const [selection, setSelection] = useState<{ query: string; ids: ReadonlySet<string>; active: number }>({ query, ids: new Set(), active: 0 });
  const current = selection.query === query ? selection : { query, ids: new Set<string>(), active: 0 };
  const selected = current.ids;
  const active = current.active;
  const setSelected = (change: (ids: ReadonlySet<string>) => ReadonlySet<string>) => setSelection({ ...current, ids: change(current.ids) });
  const setActive = (index: number) => setSelection({ ...current, active: index });
  const search = useRef<HTMLInputElement | null>(null);
  const shortcuts = useRef<HTMLDialogElement>(null);

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
  const activeFilters = FILTERS.filter((name) => params.get(name)).length;

  const hrefWith = useCallback(
    (changes: Record<string, string | null>) => {
      const next = new URLSearchParams(params);
      for (const [name, value] of Object.entries(changes)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      const text = next.toString();
      return text ? `${pathname}?${text}` : pathname;
    },
    [params, pathname],
  );
  const go = useCallback((href: string) => router.push(href), [router]);
  const apply = onSubmit((filters) => go(hrefWith({ ...filters, q: filters.q.trim(), overdue: filters.overdue ? '1' : null, duplicates: filters.duplicates ? '1' : null, refund: filters.refund ? 'awaiting' : null, page: null })));

  const items = data?.data ?? [];
  const focusRow = (index: number) => {
    const row = document.querySelector<HTMLElement>(`[data-row="${index}"]`);
    row?.focus();
    row?.scrollIntoView({ block: 'nearest' });
  };

  // The keyboard: j/k move, Enter opens, x selects, a assigns to me, / searches, ? lists the keys.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target) || shortcuts.current?.open) return;
      const item = items[active];
      if (event.key === '?') {
        event.preventDefault();
        shortcuts.current?.showModal();
      } else if (event.key === '/') {
        event.preventDefault();
        (document.querySelector('details#queue-filters') as HTMLDetailsElement | null)?.setAttribute('open', '');
        search.current?.focus();
      } else if ((event.key === 'j' || event.key === 'k') && items.length) {
        event.preventDefault();
        const next = Math.min(items.length - 1, Math.max(0, active + (event.key === 'j' ? 1 : -1)));
        setActive(next);
        focusRow(next);
      } else if (event.key === 'Enter' && item && (event.target as HTMLElement | null)?.dataset?.row !== undefined) {
        event.preventDefault();
        go(`${pathname}/${item.id}`);
      } else if (event.key === 'x' && item) {
        event.preventDefault();
        setSelected((ids) => toggled(ids, [item.id], !ids.has(item.id)));
      } else if (event.key === 'a' && item && canReview) {
        event.preventDefault();
        // Assigned, and the focus stays on the row it was given from.
        bulk.mutate({ ids: [item.id], action: 'assign', assign: 'me' }, { onSettled: () => focusRow(active) });
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  const { ref: searchRef, ...searchField } = form.register('q');
  const counts = data?.meta.counts ?? {};
  const total = Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ViewTabs view={view} hrefOf={(name: QueueView) => hrefWith({ view: name, page: null })} go={go} />
        <button type="button" onClick={() => shortcuts.current?.showModal()} className={`${linkClass} text-sm`} aria-keyshortcuts="Shift+?">
          {t('queue.shortcuts.hint')}
        </button>
      </div>
      <nav aria-label={t('queue.statusNav')}>
        <ul className="flex flex-wrap gap-2">
          {[['', total] as const, ...QUEUE_STATUSES.map((s) => [s, counts[s] ?? 0] as const)].map(([value, count]) => (
            <li key={value || 'all'}>
              <a
                href={hrefWith({ status: value || null, page: null })}
                aria-current={status === value ? 'page' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  go(hrefWith({ status: value || null, page: null }));
                }}
                className={`inline-block rounded-full border px-3 py-1 text-sm font-semibold focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink ${status === value ? 'border-brand-800 bg-brand-800 text-white' : 'border-slate-400 bg-white text-ink'}`}
              >
                {value ? t(`status.${value}`) : t('queue.all')} <span className="tabular-nums">({formats.number(count)})</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {/* Folded by default, so that at 1280 × 800 the first request is in sight; open when a search or filter is in the URL. */}
      <details id="queue-filters" open={activeFilters > 0 || attempt > 0} className="rounded-xl border border-slate-300 bg-white">
        <summary className="cursor-default rounded-xl px-5 py-3 font-bold focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink">
          {t('queue.filtersToggle', { count: activeFilters, n: formats.number(activeFilters) })}
        </summary>
        <div className="flex flex-col gap-6 px-5 pb-5">
          <form onSubmit={apply} noValidate className="flex flex-col gap-4" aria-labelledby="filters-title">
            <h2 id="filters-title" className="sr-only">{t('queue.filtersTitle')}</h2>
            <ErrorSummary errors={summary} formId="queue" attempt={attempt} />
            <div className="grid grid-cols-1 gap-4 md:grid-cols-4">
              <label className="flex flex-col gap-1 md:col-span-4">
                <span className="text-sm font-semibold">{t('queue.q')}</span>
                <span className="text-sm text-muted" id="queue-q-hint">{t('queue.qHint')}</span>
                <input
                  type="search"
                  {...searchField}
                  ref={(element) => {
                    searchRef(element);
                    search.current = element;
                  }}
                  aria-describedby="queue-q-hint"
                  aria-keyshortcuts="/"
                  className={inputClass}
                />
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
                <span className="text-sm font-semibold">{t('queue.package')}</span>
                <select {...form.register('package')} className={inputClass}>
                  <option value="">{t('queue.anyPackage')}</option>
                  {PACKAGES.map((name) => <option key={name} value={name}>{t(`packages.${name}`)}</option>)}
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
              <div className="flex flex-col justify-end gap-2">
                <label className="flex items-center gap-2">
                  <input type="checkbox" value="1" {...form.register('overdue')} className="size-5" />
                  <span>{t('queue.overdueOnly')}</span>
                </label>
                <label className="flex items-center gap-2">
                  <input type="checkbox" value="1" {...form.register('duplicates')} className="size-5" />
                  <span>{t('queue.duplicatesOnly')}</span>
                </label>
                {/* Those who may approve a refund find the ones awaiting a second member (issue 63, item 4). */}
                {canApproveRefunds && (
                  <label className="flex items-center gap-2">
                    <input type="checkbox" value="awaiting" {...form.register('refund')} className="size-5" />
                    <span>{t('queue.refundsOnly')}</span>
                  </label>
                )}
              </div>
            </div>
            <FilterDates control={form.control} names={DATES} formId="queue" legend={(name) => t(`queue.${name as (typeof DATES)[number]}`)} question="office_submitted" />
            <div className="flex flex-wrap items-center gap-4">
              <PlainButton type="submit">{t('queue.apply')}</PlainButton>
              <a href={pathname} className={linkClass}>{t('queue.clear')}</a>
              {canExport && (
                <a href={`/api/v1/office/export?${query ? `${query}&` : ''}locale=${locale}`} className={linkClass} download>
                  {t('queue.export')}
                </a>
              )}
            </div>
          </form>
          <SavedFilters query={new URLSearchParams([...params].filter(([name]) => name !== 'page')).toString()} pathname={pathname} go={go} />
        </div>
      </details>

      {selected.size > 0 && <BulkBar ids={[...selected]} canReview={canReview} onDone={() => undefined} />}

      {isError && <p role="alert">{t('queue.failed')}</p>}
      {!data && !isError && <p aria-busy="true">{t('queue.loading')}</p>}
      {data && (
        <section aria-labelledby="results-title" className="flex flex-col gap-3">
          <h2 id="results-title" className="text-lg font-bold" aria-live="polite">
            {t('queue.results', { count: data.meta.total, n: formats.number(data.meta.total) })}
          </h2>
          {items.length === 0 ? (
            <p className="text-muted">{t('queue.none')}</p>
          ) : (
            <QueueTable
              items={items}
              grouped={view === 'mine'}
              pathname={pathname}
              selected={selected}
              onSelect={(ids, on) => setSelected((chosen) => toggled(chosen, ids, on))}
              active={active}
              onActive={setActive}
            />
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
      <ShortcutsDialog ref={shortcuts} />
    </div>
  );
}

function toggled(current: ReadonlySet<string>, ids: string[], on: boolean): ReadonlySet<string> {
  const next = new Set(current);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}
