'use client';

import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useLocale, useTranslations } from 'next-intl';
import { answersOf, personName } from '@/components/requests/answers-of';
import { PlainButton } from '@/components/ui/plain-button';
import { useFocusOnMount } from '@/components/ui/use-focus-on-mount';
import { ConfirmTitle } from './confirm-title';
import { useFormats } from '@/lib/i18n/use-formats';
import { can, type StaffRole } from '@/lib/office/roles';
import { useRefundDecision } from '@/lib/office/queue-actions-api';
import type { OfficeRequest } from '@/lib/contract/office';

const CARD = 'rounded-xl border border-amber-700 bg-amber-50 p-5';

/**
 * A refund proposed and awaiting a second member (issue 41, item 5): what and
 * by whom, and why (a cancel, or a cheaper package's difference: issue 57,
 * item 6); another finance member or admin approves or refuses it, the
 * proposer only sees that it waits. Approving has its own confirmation, as
 * proposing has (issue 63, item 4): the amount, whose request, and what
 * becomes of it, before the money goes.
 */
export function RefundProposal({ request, staffId, role }: { request: OfficeRequest; staffId: string; role: StaffRole }) {
  const t = useTranslations('Office.request.refund');
  const tRequest = useTranslations('Office.request');
  const locale = useLocale();
  const formats = useFormats();
  const [confirming, setConfirming] = useState(false);
  const decide = useRefundDecision(request.id);
  const [outcome, setOutcome] = useState<'approved' | 'approvedPackage' | 'refused' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const proposal = request.refund_proposal;
  if (!proposal) return outcome ? <Outcome>{t(outcome)}</Outcome> : null;
  const mine = proposal.proposed_by.id === staffId;
  // A package change's refund leaves the request as it is (issue 57, item 6); a cancel's cancels it.
  const forPackage = proposal.reason === 'package_change';
  const run = (decision: 'approve' | 'refuse') =>
    decide.mutate(decision, {
      onSuccess: (answer) => setOutcome(answer.decision === 'approved' && forPackage ? 'approvedPackage' : answer.decision),
      onError: (error) => setFailure(error.message),
    });
  const amount = formats.money(proposal.amount_minor, proposal.currency);
  const answers = answersOf(request.data);
  const pilgrims = [personName(answers.applicant, locale) ?? tRequest('applicant'), ...answers.companions.map((c, i) => personName(c, locale) ?? tRequest('companion', { number: formats.number(i + 1) }))];
  const backToButtons = () => {
    // The buttons come back, and the focus to the one that opened the confirmation.
    flushSync(() => setConfirming(false));
    document.getElementById('refund-approve')?.focus();
  };
  return (
    <section aria-labelledby="refund-title" className={CARD}>
      <h2 id="refund-title" className="mb-2 text-lg font-bold">{t('title')}</h2>
      <p>{t(forPackage ? 'pendingPackage' : 'pending', { amount: formats.money(proposal.amount_minor, proposal.currency), name: proposal.proposed_by.name })}</p>
      {proposal.note && <p className="mt-1 rounded bg-white/70 p-2 text-sm"><bdi>{proposal.note}</bdi></p>}
      {mine && <p className="mt-2 text-sm">{t('own')}</p>}
      {!mine && can(role, 'payments') && !confirming && (
        <div className="mt-3 flex flex-wrap gap-3">
          <PlainButton id="refund-approve" type="button" isPending={decide.isPending} onClick={() => { setFailure(null); setConfirming(true); }}>{t('approve')}</PlainButton>
          <PlainButton type="button" variant="secondary" isPending={decide.isPending} onClick={() => run('refuse')}>{t('refuse')}</PlainButton>
        </div>
      )}
      {!mine && can(role, 'payments') && confirming && (
        <div role="group" aria-labelledby="approve-title" className="mt-3 flex flex-col gap-3 rounded-lg border border-amber-700 bg-white p-4">
          <ConfirmTitle id="approve-title">{t('approveTitle')}</ConfirmTitle>
          <p>{t(forPackage ? 'approveTextPackage' : 'approveText', { amount, pilgrims: formats.list(pilgrims) })}</p>
          <div className="flex flex-wrap gap-3">
            <PlainButton type="button" isPending={decide.isPending} onClick={() => run('approve')}>{t('approveConfirm')}</PlainButton>
            <PlainButton type="button" variant="secondary" disabled={decide.isPending} onClick={backToButtons}>{t('back')}</PlainButton>
          </div>
        </div>
      )}
      {failure && <p role="alert" className="mt-2 text-sm text-red-800">{failure}</p>}
    </section>
  );
}


/** Approved or refused, the proposal and its buttons are gone: what happened takes the focus. */
function Outcome({ children }: { children: string }) {
  const ref = useFocusOnMount<HTMLParagraphElement>();
  return (
    <p role="status" tabIndex={-1} ref={ref} className="rounded-lg bg-brand-50 p-3 focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink">
      {children}
    </p>
  );
}
