'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import { useDeleteDraft } from '@/lib/requests/requests-api';
import type { RequestSummary } from '@/lib/contract/requests';
import { WIZARD_STEPS } from '@/lib/requests/steps';
import { Link } from '@/components/ui/link';
import { ConfirmDialog } from './confirm-dialog';
import { DraftProgress } from './draft-progress';
import { DualDate } from './dual-date';

/** One unfinished application: how far it got, when it was saved, and what to do with it. */
export function DraftCard({ draft, onDeleted }: { draft: RequestSummary; onDeleted: () => void }) {
  const t = useTranslations('DraftsList');
  const type = useTranslations('RequestType');
  const deleteDraft = useDeleteDraft();
  const titleId = useId();
  const typeName = type(draft.type);
  return (
    <article aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={titleId} className="text-lg font-semibold">
        {t('title', { type: typeName })}
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-semibold text-muted">{t('applicant')}</dt>
          <dd>{draft.applicant_name ? <bdi>{draft.applicant_name}</bdi> : <span className="text-muted">{t('noApplicant')}</span>}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-muted">{t('lastSaved')}</dt>
          <dd>
            <DualDate iso={draft.updated_at} time />
          </dd>
        </div>
      </dl>
      <div className="mt-4">
        {/* The steps the pilgrim sees (the declaration is made on check answers). */}
        <DraftProgress done={WIZARD_STEPS.filter((step) => draft.completed_steps.includes(step)).length} total={WIZARD_STEPS.length} />
      </div>
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <Link
          href={`/profile/requests/drafts/complete?id=${draft.id}`}
          aria-describedby={titleId}
          className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {t('continue')}
        </Link>
        <ConfirmDialog
          trigger={t('delete')}
          triggerDescribedBy={titleId}
          title={t('confirm.title')}
          body={t('confirm.body', { type: typeName })}
          keep={t('confirm.keep')}
          confirm={t('confirm.confirm')}
          failed={t('confirm.failed')}
          onConfirm={async () => {
            await deleteDraft.mutateAsync(draft.id);
            onDeleted();
          }}
        />
      </div>
    </article>
  );
}
