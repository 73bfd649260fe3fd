'use client';

import { useTranslations } from 'next-intl';
import { REQUEST_STATUSES } from '@/lib/requests/statuses';
import { useOfficeDashboard } from '@/lib/office/dashboard-api';
import { useFormats } from '@/lib/i18n/use-formats';
import { formatHijri, gregorianToHijri } from '@/lib/validation/hijri';
import { officeDayOf } from '@/lib/office/time-zone';
import { useLocale } from 'next-intl';

const linkClass = 'rounded underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink';
/** Today on the office's clock (UTC+3 all year), as the queue's Hijri filters take it. */
const todayHijri = () => formatHijri(gregorianToHijri(officeDayOf(Date.now())));

const CARD = 'rounded-xl border border-slate-300 bg-white p-5';

/** The office's day at a glance (issue 18, item 5); every figure is in the page's digits, every date in both calendars. */
export function OfficeDashboard() {
  const t = useTranslations('Office');
  const formats = useFormats();
  const { data, isError } = useOfficeDashboard();
  const locale = useLocale();
  // Every figure opens the queue filtered to what it counts (issue 41, item 9).
  const queue = (query: string) => `/${locale}/office/requests?view=all&${query}`;
  if (isError) return <p role="alert">{t('dashboard.failed')}</p>;
  if (!data) return <p aria-busy="true">{t('dashboard.loading')}</p>;
  const when = (iso: string) => {
    const moment = formats.deadline(iso);
    return `${moment.hijri} (${moment.gregorian})`;
  };
  const refunds = data.refunds_awaiting_approval;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      {refunds && (
        // Four eyes that a second person notices (issue 63, item 4): what waits for this member's signature comes first.
        <section aria-labelledby="refunds-awaiting" className={`${CARD} lg:col-span-2`} data-testid="refunds-awaiting">
          <h2 id="refunds-awaiting" className="mb-2 text-lg font-bold">
            {t('dashboard.refundsTitle')} <span className="tabular-nums">({formats.number(refunds.count)})</span>
          </h2>
          {refunds.requests.length === 0 ? (
            <p className="text-muted">{t('dashboard.refundsNone')}</p>
          ) : (
            <>
              <ul className="flex flex-col gap-1">
                {refunds.requests.map((request) => (
                  <li key={request.id}>
                    <a href={`/${locale}/office/requests/${request.id}`} className={`${linkClass} font-mono`} dir="ltr">{request.reference ?? request.id}</a>
                    {formats.separator}
                    {t('dashboard.refundBy', { amount: formats.money(request.amount_minor, request.currency), name: request.proposed_by.name, when: when(request.proposed_at) })}
                  </li>
                ))}
              </ul>
              <p className="mt-3"><a href={queue('refund=awaiting')} className={linkClass}>{t('dashboard.refundsAll')}</a></p>
            </>
          )}
        </section>
      )}
      <section aria-labelledby="by-status" className={CARD}>
        <h2 id="by-status" className="mb-3 text-lg font-bold">
          {t('dashboard.byStatus')}
        </h2>
        <table className="w-full text-start">
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-1 text-start font-semibold">{t('dashboard.status')}</th>
              <th scope="col" className="py-1 text-end font-semibold">{t('dashboard.count')}</th>
            </tr>
          </thead>
          <tbody>
            {REQUEST_STATUSES.filter((status) => status !== 'draft').map((status) => (
              <tr key={status} className="border-b border-slate-200 last:border-0">
                <th scope="row" className="py-1 text-start font-normal">{t(`status.${status}`)}</th>
                <td className="py-1 text-end tabular-nums"><a href={queue(`status=${status}`)} className={linkClass}>{formats.number(data.by_status[status])}</a></td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <div className="grid grid-cols-1 gap-6">
        <section aria-labelledby="submitted" className={CARD}>
          <h2 id="submitted" className="sr-only">{t('dashboard.submittedToday')}</h2>
          <dl className="grid grid-cols-2 gap-4">
            <div>
              <dt className="text-sm text-muted">{t('dashboard.submittedToday')}</dt>
              <dd className="text-3xl font-bold tabular-nums" data-testid="submitted-today"><a href={queue(`submitted_from=${todayHijri()}&submitted_to=${todayHijri()}`)} className={linkClass}>{formats.number(data.submitted_today)}</a></dd>
            </div>
            <div>
              <dt className="text-sm text-muted">{t('dashboard.submittedThisWeek')}</dt>
              <dd className="text-3xl font-bold tabular-nums">{formats.number(data.submitted_this_week)}</dd>
            </div>
          </dl>
        </section>
        <section aria-labelledby="received" className={CARD}>
          <h2 id="received" className="mb-2 text-lg font-bold">{t('dashboard.receivedToday')}</h2>
          {data.received_today.length === 0 ? (
            <p className="text-muted">{t('dashboard.receivedNone')}</p>
          ) : (
            <ul>
              {data.received_today.map((sum) => (
                <li key={sum.currency}>
                  <span className="text-2xl font-bold">{formats.money(sum.amount_minor, sum.currency)}</span>{' '}
                  <span className="text-muted">({t('dashboard.payments', { count: sum.payments, n: formats.number(sum.payments) })})</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <section aria-labelledby="due-soon" className={CARD}>
        <h2 id="due-soon" className="mb-2 text-lg font-bold">
          {t('dashboard.dueSoon')} <span className="tabular-nums">({formats.number(data.due_within_24_hours.count)})</span>
        </h2>
        {data.due_within_24_hours.requests.length === 0 ? (
          <p className="text-muted">{t('dashboard.dueSoonNone')}</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {data.due_within_24_hours.requests.map((request) => (
              <li key={request.id}>
                <span dir="ltr" className="font-mono">{request.reference}</span>{formats.separator}{t('dashboard.payBy', { when: when(request.pay_by) })}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="overdue" className={CARD}>
        <h2 id="overdue" className="mb-2 text-lg font-bold">{t('dashboard.overdueTitle')}</h2>
        {data.overdue_by_reviewer.length === 0 ? (
          <p className="text-muted">{t('dashboard.overdueNone')}</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {data.overdue_by_reviewer.map((row) => (
              <li key={row.assigned_to?.id ?? 'nobody'}>
                {row.assigned_to?.name ?? t('queue.nobody')}{formats.separator}
                <a href={queue(`overdue=1${row.assigned_to ? '' : '&assigned=unassigned'}`)} className={`${linkClass} font-semibold tabular-nums`}>{t('dashboard.overdueCount', { count: row.count, n: formats.number(row.count) })}</a>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-3">
          {t('dashboard.medianDecision')}: <span className="font-semibold">{data.median_decision_hours === null ? t('dashboard.medianNone') : t('dashboard.hours', { count: data.median_decision_hours, n: formats.number(data.median_decision_hours) })}</span>
        </p>
      </section>
      <section aria-labelledby="oldest" className={CARD}>
        <h2 id="oldest" className="mb-2 text-lg font-bold">{t('dashboard.oldestWaiting')}</h2>
        {data.oldest_waiting ? (
          <p>
            <span dir="ltr" className="font-mono">{data.oldest_waiting.reference}</span>{formats.separator}{t('dashboard.since', { when: when(data.oldest_waiting.submitted_at) })}
          </p>
        ) : (
          <p className="text-muted">{t('dashboard.oldestWaitingNone')}</p>
        )}
      </section>
    </div>
  );
}
