'use client';

import { useTranslations } from 'next-intl';
import type { RequestDetails } from '@/lib/contract/requests';
import { AnswerList } from './answer-list';
import { DualDate } from './dual-date';
import { RequestActions } from './request-actions';
import { OfficeNote } from './office-note';
import { PayBy } from './pay-by';
import { ReservePosition } from './reserve-position';
import { StatusBadge } from './status-badge';
import { useFormats } from '@/lib/i18n/use-formats';

/** The request at a glance: what, which reference, where it stands, and what can be done. */
export function RequestOverview({ request, onCancelled }: { request: RequestDetails; onCancelled: () => void }) {
  const t = useTranslations('RequestDetails');
  const type = useTranslations('RequestType');
  const { number } = useFormats();
  return (
    <section aria-labelledby="overview-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="overview-title" className="mb-4 text-2xl font-semibold">
        {t('title', { type: type(request.type) })}
      </h2>
      {/* Why the office moved the request to where it is now (the changes it needs), up front. */}
      <div className="mb-4 empty:hidden">
        <OfficeNote request={request} level={3} />
      </div>
      <AnswerList
        items={[
          { label: t('reference'), value: request.reference ? <bdi dir="ltr" data-identifier className="font-semibold">{request.reference}</bdi> : t('noReference') },
          { label: t('status'), value: <StatusBadge status={request.status} /> },
          { label: t('pilgrims'), value: t('pilgrimCount', { count: request.pilgrims, n: number(request.pilgrims) }) },
          request.submitted_at
            ? { label: t('submitted'), value: <DualDate iso={request.submitted_at} /> }
            : { label: t('started'), value: <DualDate iso={request.created_at} /> },
        ]}
      />
      <div className="mt-4 empty:hidden">
        <PayBy request={request} />
        <ReservePosition request={request} lead />
      </div>
      <div className="mt-5 empty:hidden">
        <RequestActions request={request} onCancelled={onCancelled} />
      </div>
    </section>
  );
}
