'use client';

import { Fragment, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { useFormats } from '@/lib/i18n/use-formats';
import { byLateness, clockOf } from '@/lib/office/lateness';
import type { QueueItem } from '@/lib/contract/office';
import { moneyStateKey } from '@/lib/payments/money-words';

const linkClass = 'rounded font-semibold text-brand-800 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink';
const COLUMNS = ['reference', 'applicant', 'service', 'status', 'payment', 'pilgrims', 'sent', 'due', 'assignedTo'] as const;

type Props = {
  items: QueueItem[];
  /** My work: grouped under Overdue, Due today, Due soon, Later. */
  grouped: boolean;
  pathname: string;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], on: boolean) => void;
  active: number;
  onActive: (index: number) => void;
};

/**
 * The queue's rows (issue 41, items 1, 3, 4, 6): a checkbox each (shift-click
 * selects the range from the last one ticked), the review clock, the
 * possible-duplicate badge. The active row (j/k) is the focused one.
 */
export function QueueTable({ items, grouped, pathname, selected, onSelect, active, onActive }: Props) {
  const t = useTranslations('Office');
  // The money state's word (lib/payments/money.ts): "Deposit paid, more to pay", never "Paid" while money is owed.
  const money = useTranslations('Money');
  const moneyState = (state: NonNullable<QueueItem['money']>) => money(`state.${moneyStateKey(state)}`);
  const formats = useFormats();
  const lastTicked = useRef<number | null>(null);
  const groups = grouped ? byLateness(items) : [{ group: null, items }];
  const allOn = items.length > 0 && items.every((item) => selected.has(item.id));

  const tick = (index: number, on: boolean, range: boolean) => {
    const from = range && lastTicked.current !== null ? Math.min(lastTicked.current, index) : index;
    const to = range && lastTicked.current !== null ? Math.max(lastTicked.current, index) : index;
    onSelect(items.slice(from, to + 1).map((item) => item.id), on);
    lastTicked.current = index;
  };

  return (
    <div className="overflow-x-auto rounded-xl border border-slate-300 bg-white">
      <table className="w-full min-w-[56rem] text-start text-sm">
        <thead className="bg-sand-100">
          <tr>
            <td className="px-3 py-2">
              <input type="checkbox" aria-label={t('queue.selectAll')} checked={allOn} onChange={(event) => onSelect(items.map((item) => item.id), event.target.checked)} className="size-5 focus-visible:outline-3 focus-visible:outline-ink" />
            </td>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 text-start font-semibold">{t(`queue.columns.${column}`)}</th>
            ))}
          </tr>
        </thead>
        {groups.map(({ group, items: rows }) => (
          <tbody key={group ?? 'all'}>
            {group && (
              <tr className="border-t border-slate-300 bg-sand-50">
                <th colSpan={COLUMNS.length + 1} scope="rowgroup" className="px-3 py-2 text-start">
                  <h3 className="text-base font-bold">{t(`queue.groups.${group}`)} <span className="tabular-nums font-normal">({formats.number(rows.length)})</span></h3>
                </th>
              </tr>
            )}
            {rows.map((item) => {
              const index = items.indexOf(item);
              const sent = item.submitted_at ? formats.moment(item.submitted_at) : null;
              const clock = item.due_at ? clockOf(item.due_at) : null;
              return (
                <Fragment key={item.id}>
                  <tr
                    data-row={index}
                    tabIndex={-1}
                    aria-current={index === active ? 'true' : undefined}
                    onFocus={() => onActive(index)}
                    className={`border-t border-slate-200 focus:outline-3 focus:-outline-offset-3 focus:outline-ink ${index === active ? 'bg-brand-50' : ''}`}
                  >
                    <td className="px-3 py-2">
                      <input
                        type="checkbox"
                        aria-label={t('queue.select', { reference: item.reference ?? '' })}
                        checked={selected.has(item.id)}
                        onClick={(event) => tick(index, event.currentTarget.checked, event.shiftKey)}
                        onChange={() => undefined}
                        className="size-5 focus-visible:outline-3 focus-visible:outline-ink"
                      />
                    </td>
                    <th scope="row" className="px-3 py-2 text-start font-normal">
                      <a href={`${pathname}/${item.id}`} dir="ltr" className={`${linkClass} font-mono`}>{item.reference}</a>
                      {item.possible_duplicate && <span className="ms-2 inline-block rounded-full border border-amber-700 bg-amber-50 px-2 text-xs font-semibold text-amber-900">{t('queue.duplicateBadge')}</span>}
                    </th>
                    <td className="px-3 py-2">{item.applicant_name}</td>
                    <td className="px-3 py-2">{t(`queue.${item.type as 'hajj' | 'umrah'}`)}</td>
                    <td className="px-3 py-2">{t(`status.${item.status}`)}</td>
                    <td className="px-3 py-2">{item.money ? moneyState(item.money) : ''}</td>
                    <td className="px-3 py-2 tabular-nums">{formats.number(item.pilgrims)}</td>
                    <td className="px-3 py-2">{sent && <>{sent.hijri}<br /><span className="text-muted">{sent.gregorian}</span></>}</td>
                    <td className={`px-3 py-2 ${clock?.over ? 'font-semibold text-red-800' : ''}`}>{clock && t('queue.clock', { over: String(clock.over), unit: clock.unit, count: clock.count, n: formats.number(clock.count) })}</td>
                    <td className="px-3 py-2">{item.assigned_to?.name ?? <span className="text-muted">{t('queue.nobody')}</span>}</td>
                  </tr>
                </Fragment>
              );
            })}
          </tbody>
        ))}
      </table>
    </div>
  );
}
