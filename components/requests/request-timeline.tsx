'use client';

import { useTranslations } from 'next-intl';
import type { RequestDetails } from '@/lib/contract/requests';
import { DualDate } from './dual-date';
import { StatusBadge } from './status-badge';

/** Every move of the request, newest first (where it stands now on top): what it became, when, who moved it and why. */
export function RequestTimeline({ history }: { history: RequestDetails['history'] }) {
  const t = useTranslations('RequestDetails.timeline');
  return (
    <section aria-labelledby="timeline-title" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="timeline-title" className="mb-4 text-xl font-semibold">
        {t('title')}
      </h2>
      {history.length === 0 ? (
        <p className="text-muted">{t('empty')}</p>
      ) : (
        <ol className="space-y-6 border-s-2 border-slate-200 ps-6">
          {[...history].reverse().map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="relative">
              {/* The dot sits on the line, at the start edge in either direction. */}
              <span className="absolute -start-[1.95rem] top-1.5 size-3 rounded-full border-2 border-white bg-brand-700" aria-hidden="true" />
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <StatusBadge status={entry.to} />
                <span className="text-sm font-semibold text-muted">{t(`by.${entry.actor}`)}</span>
              </div>
              <div className="mt-2">
                <DualDate iso={entry.at} time />
              </div>
              {entry.note && (
                <p className="mt-2 rounded-lg bg-sand-100 p-3">
                  <span className="font-semibold">{t('note')}: </span>
                  <bdi>{entry.note}</bdi>
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
