'use client';

import { useLocale, useTranslations } from 'next-intl';
import { ApiClientError } from '@/lib/api-client';
import type { SharedRequest } from '@/lib/contract/families';
import { useConfirmSharedAnswers, useLeaveSharedRequest, useSharedRequest } from '@/lib/families/families-api';
import { useRouter } from '@/i18n/navigation';
import { useFormats } from '@/lib/i18n/use-formats';
import { genderOf } from '@/lib/requests/gender';
import { Button } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
import { ChevronBackIcon } from '@/components/ui/icons';
import { ConfirmDialog } from '@/components/requests/confirm-dialog';
import { PersonAnswers } from '@/components/requests/person-answers';
import { PilgrimDocuments } from '@/components/requests/pilgrim-documents';
import { requestLoadState } from '@/components/requests/request-load-state';
import { NextPartPay, PaymentChoice, PaymentParts } from '@/components/payments/payment-plan';
import { SharedAnswersForm } from './shared-answers-form';
import { SharedSummary } from './shared-summary';
import { SharedDocumentUpload } from './shared-document-upload';
import { FlagWhy } from '@/components/wizard/flagged';
import { personName } from '@/components/requests/answers-of';

const boxClass = 'rounded-xl border border-slate-200 bg-white p-5';

/**
 * A companion's own part of a request (issue 42): where the request stands and
 * whether it is paid, their own answers (a form while the request can be
 * changed), their documents, and "these details are mine and correct".
 */
export function SharedRequestView({ id }: { id: string }) {
  const t = useTranslations('Families');
  const locale = useLocale();
  const request = useSharedRequest(id);
  const waiting = requestLoadState(request, { loading: t('loading'), title: t('error.title'), body: t('error.body'), retry: t('error.retry') });
  if (waiting || !request.data) return waiting;
  const data = request.data;
  return (
    <div className="space-y-6">
      <Link href="/profile/shared" className="inline-flex items-center gap-1 rounded-md font-semibold text-brand-800 underline underline-offset-4">
        <ChevronBackIcon />
        {t('back')}
      </Link>
      <Overview request={data} />
      <SharedPayment request={data} />
      <section aria-labelledby="own-answers" className={boxClass}>
        <h2 id="own-answers" className="mb-4 text-xl font-semibold">
          {t('yourDetails')}
        </h2>
        {data.editable ? <SharedAnswersForm request={data} /> : <PersonAnswers person={data.answers} withRelation travelMonth={data.travel_month} />}
        <Confirmation request={data} />
      </section>
      <section aria-labelledby="own-documents" className={boxClass}>
        <h2 id="own-documents" className="mb-4 text-xl font-semibold">
          {t('yourDocuments')}
        </h2>
        <FlaggedDocuments request={data} />
        {/* One «مستنداتك» heading: the section's (issue 63, item 9); the documents are named by the companion's name for screen readers. */}
        {data.documents.length === 0 ? (
          <p className="text-muted">{t('noDocuments')}</p>
        ) : (
          <PilgrimDocuments heading={null} pilgrims={[{ key: data.pilgrim, name: personName(data.answers, locale) ?? t('yourDocuments') }]} documents={data.documents} />
        )}
        {data.editable && <SharedDocumentUpload id={data.id} />}
      </section>
      <Leave id={data.id} />
    </div>
  );
}

/**
 * The scans the office asked to replace, each with the office's reason and note (issue 63, item 5): the companion
 * reads why, as the applicant does in the wizard, not only that something is to change.
 */
function FlaggedDocuments({ request }: { request: SharedRequest }) {
  const wizard = useTranslations('Wizard');
  const fields = useTranslations('Fields');
  const kinds = (['passport', 'photo'] as const).filter((kind) => request.flagged?.includes(kind));
  if (kinds.length === 0) return null;
  return (
    <ul className="mb-4 flex flex-col gap-3">
      {kinds.map((kind) => (
        <li key={kind} className="border-s-4 border-amber-600 ps-3" data-flagged="true" data-testid={`flagged-${kind}`}>
          <span className="block font-semibold">{fields(kind)}</span>
          <span className="block text-sm font-semibold text-amber-900">
            {wizard('flaggedMark')}
            <FlagWhy note={request.flag_notes?.[kind]} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The fee and its parts (issue 42, item 4): a companion may pay what is due, the
 * whole fee or the deposit while the request awaits payment, an instalment after.
 */
function SharedPayment({ request }: { request: SharedRequest }) {
  const t = useTranslations('Payments.plan');
  const { money, number } = useFormats();
  const plan = request.payment_plan;
  if (!plan || request.fee_minor === null || !request.currency) return null;
  const choosing = request.status === 'pending_payment' && plan.choice === null;
  return (
    <section aria-labelledby="shared-payment" className={boxClass}>
      <h2 id="shared-payment" className="mb-2 text-xl font-semibold">
        {t('title')}
      </h2>
      <p className="mb-4 text-sm text-muted">
        {t('feePerPilgrim', { amount: money(plan.fee_per_pilgrim_minor, request.currency), total: money(request.fee_minor, request.currency), count: request.pilgrims, shown: number(request.pilgrims) })}{' '}
        {t('anyonePays')}
      </p>
      {choosing ? (
        <PaymentChoice requestId={request.id} plan={plan} currency={request.currency} feeMinor={request.fee_minor} payBy={request.pay_by} />
      ) : (
        <div className="flex flex-col gap-4">
          <PaymentParts plan={plan} currency={request.currency} payBy={request.pay_by} />
          <NextPartPay requestId={request.id} plan={plan} currency={request.currency} />
        </div>
      )}
    </section>
  );
}

function Overview({ request }: { request: SharedRequest }) {
  const t = useTranslations('Families');
  const { moment } = useFormats();
  const due = request.changes_due_at ? moment(request.changes_due_at) : null;
  return (
    <section aria-labelledby="shared-overview" className={boxClass}>
      <SharedSummary request={request} titleId="shared-overview" large />
      <p className="mt-4 text-muted">{request.editable ? t('canCorrect', { gender: genderOf(request.answers) }) : t('readOnly', { gender: genderOf(request.answers) })}</p>
      {request.flagged && request.flagged.length > 0 && (
        <p className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-950" data-testid="changes-asked">
          {t('changesAsked')}
          {due && ` ${t('changesDue', { date: `${due.hijri} (${due.gregorian})` })}`}
        </p>
      )}
    </section>
  );
}

function Confirmation({ request }: { request: SharedRequest }) {
  const t = useTranslations('Families');
  const { moment } = useFormats();
  const confirm = useConfirmSharedAnswers(request.id);
  if (request.confirmed_at) {
    const { hijri, gregorian } = moment(request.confirmed_at);
    return (
      <p role="status" className="mt-4 rounded-lg bg-emerald-50 p-3 font-semibold text-emerald-900" data-testid="confirmed">
        {t('youConfirmed', { date: `${hijri} (${gregorian})` })}
      </p>
    );
  }
  return (
    <div className="mt-4 border-t border-slate-200 pt-4">
      <p className="mb-3">{t('confirmLead', { gender: genderOf(request.answers) })}</p>
      {confirm.isError && (
        <p role="alert" className="mb-3 rounded-lg bg-red-50 p-3 text-red-900">
          {confirm.error instanceof ApiClientError ? confirm.error.message : t('offline')}
        </p>
      )}
      <Button onPress={() => confirm.mutate()} isPending={confirm.isPending}>
        {t('confirm')}
      </Button>
    </div>
  );
}

function Leave({ id }: { id: string }) {
  const t = useTranslations('Families');
  const leave = useLeaveSharedRequest(id);
  const router = useRouter();
  return (
    <ConfirmDialog
      trigger={t('leave.trigger')}
      title={t('leave.title')}
      body={t('leave.body')}
      keep={t('leave.keep')}
      confirm={t('leave.confirm')}
      failed={t('leave.failed')}
      onConfirm={async () => {
        await leave.mutateAsync();
        router.push('/profile/shared');
      }}
    />
  );
}
