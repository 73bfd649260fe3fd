'use client';

import type { ReactNode } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { partSeparator } from '@/lib/i18n/numbers';
import { useNeedsDoing } from '@/lib/requests/requests-api';
import type { RequestSummary } from '@/lib/contract/requests';
import { WIZARD_STEPS } from '@/lib/requests/steps';
import { Link } from '@/components/ui/link';
import { PayButton } from '@/components/payments/pay-button';
import { PayBy } from '@/components/requests/pay-by';
import { ReservePosition } from '@/components/requests/reserve-position';
import { DualDate } from '@/components/requests/dual-date';
import { DraftProgress } from '@/components/requests/draft-progress';
import { InstalmentDue } from './instalment-due';
import { DifferenceDue } from './difference-due';
import { useFormats } from '@/lib/i18n/use-formats';

const ACTION = 'inline-block rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800';

/**
 * The account page's first section (issue 21, docs/NEXT-STEPS.md): requests
 * awaiting payment (amount, deadline, Pay), requests the office sent back (the
 * note's first line, the difference to pay when a dearer package was chosen in
 * the changes, "Make the changes"), instalments coming due (which,
 * how much, by when, Pay), drafts (progress, last saved,
 * Continue), requests on a reserve list (their position: waiting is not
 * nothing), or "Nothing needs doing". Fed by one call, GET /me/needs-doing.
 */
export function NeedsDoing() {
  const t = useTranslations('NeedsDoing');
  const { data, isError } = useNeedsDoing();
  const nothing = data && data.awaiting_payment.length + data.changes_requested.length + data.instalments_due.length + data.reserved.length + data.drafts.length === 0;
  return (
    <section aria-labelledby="needs-doing-title" className="mb-8">
      <h2 id="needs-doing-title" className="text-xl font-bold">
        {t('title')}
      </h2>
      {isError && <p role="alert" className="mt-3 text-red-700">{t('loadFailed')}</p>}
      {!data && !isError && <div className="mt-3 min-h-24" aria-busy="true" />}
      {nothing && <p className="mt-3 rounded-xl border border-slate-200 bg-white p-4 text-muted">{t('nothing')}</p>}
      {data && !nothing && (
        <ul className="mt-3 flex flex-col gap-3">
          {data.awaiting_payment.map((request) => (
            <Item key={request.id} request={request} title={t('awaitingPayment')}>
              <PayBy request={request} />
              <PayAction request={request} />
            </Item>
          ))}
          {data.changes_requested.map((request) => (
            <Item key={request.id} request={request} title={t('changesRequested')}>
              {request.office_note && (
                <p className="text-ink">
                  <bdi>{request.office_note.split('\n')[0]}</bdi>
                </p>
              )}
              <DifferenceDue request={request} />
              <Link href={`/profile/requests/edit?id=${request.id}`} className={request.difference_due ? 'self-start font-semibold text-brand-800 underline underline-offset-2' : `${ACTION} self-start`}>
                {t('makeChanges')}
              </Link>
            </Item>
          ))}
          {data.instalments_due.map((request) => (
            <Item key={request.id} request={request} title={t(request.instalment.late ? 'instalmentLate' : 'instalmentDue')}>
              <InstalmentDue request={request} />
            </Item>
          ))}
          {data.reserved.map((request) => (
            <Item key={request.id} request={request} title={t('reserved')}>
              <ReservePosition request={request} />
              <Link href={`/profile/requests/details/${request.id}`} className={`${ACTION} self-start`}>
                {t('seeReserved')}
              </Link>
            </Item>
          ))}
          {data.drafts.map((request) => (
            <Item key={request.id} request={request} title={t('draft')}>
              <DraftProgress done={WIZARD_STEPS.filter((step) => request.completed_steps.includes(step)).length} total={WIZARD_STEPS.length} />
              <div className="flex flex-wrap gap-x-2 text-sm text-muted">
                <span className="font-semibold">{t('lastSaved')}</span>
                <DualDate iso={request.updated_at} time />
              </div>
              <Link href={`/profile/requests/drafts/complete?id=${request.id}`} className={`${ACTION} self-start`}>
                {t('continue')}
              </Link>
            </Item>
          ))}
        </ul>
      )}
    </section>
  );
}

function PayAction({ request }: { request: RequestSummary }) {
  const tp = useTranslations('Payments');
  const { money } = useFormats();
  if (request.fee_minor === null || !request.currency) return null;
  return (
    <div>
      <PayButton requestId={request.id} label={tp('pay', { fee: money(request.fee_minor, request.currency) })} />
    </div>
  );
}

/** One thing to do: what it is, which request (reference or service), then its details and action. */
function Item({ request, title, children }: { request: RequestSummary; title: string; children: ReactNode }) {
  const type = useTranslations('RequestType');
  const t = useTranslations('NeedsDoing');
  const locale = useLocale();
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 className="font-semibold">
        {title}
        {': '}
        <span className="font-normal">{type(request.type)}</span>
        {request.reference && (
          <>
            {/* A comma, not "·" (docs/DIGITS.md). */}
            {partSeparator(locale)}
            <Link href={`/profile/requests/details/${request.id}`} className="font-normal text-brand-800 underline underline-offset-2" aria-label={t('detailsOf', { reference: request.reference })}>
              <bdi dir="ltr" data-identifier>
                {request.reference}
              </bdi>
            </Link>
          </>
        )}
      </h3>
      {children}
    </li>
  );
}
