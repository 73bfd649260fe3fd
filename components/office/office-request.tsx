'use client';

import { PaymentParts, usePartName } from '@/components/payments/payment-plan';
import { useMoneyLine } from '@/components/payments/money-line';
import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { can, type StaffRole } from '@/lib/office/roles';
import { FLAGGABLE } from '@/lib/office/queue-schemas';
import { useOfficeAssign, useOfficeCounterPayment, useOfficeNote, useOfficeRequest } from '@/lib/office/office-requests-api';
// Named apart from the component below, which shows it.
import type { OfficeRequest as OfficeRequestData } from '@/lib/contract/office';
import { minorOf } from '@/lib/office/money-input';
import { PACKAGES, type Package } from '@/lib/requests/packages';
import { PlainButton } from '@/components/ui/plain-button';
import { ErrorSummary, FORM_ERROR } from '@/components/ui/error-summary';
import { checkRules } from '@/components/forms/form-rules';
import { useApiForm } from '@/components/forms/use-api-form';
import { answersOf } from '@/components/requests/answers-of';
import { PersonAnswers } from '@/components/requests/person-answers';
import { DualDate } from '@/components/requests/dual-date';
import { plainAmount } from '@/lib/i18n/formats';
import { useFormats } from '@/lib/i18n/use-formats';
import { PdfPages } from './pdf-pages';
import { Decision } from './request/decision';
import { RefundProposal } from './request/refund-proposal';
import { PackageRefund } from './request/package-refund';
import { DuplicatesPanel } from './request/duplicates-panel';
import { AnswerChanges } from './request/answer-changes';
import { usePilgrimLabel } from './request/pilgrim-label';
import { clockOf } from '@/lib/office/lateness';

const CARD = 'rounded-xl border border-slate-300 bg-white p-5';
const isPackage = (name: unknown): name is Package => typeof name === 'string' && (PACKAGES as readonly string[]).includes(name);
const linkClass = 'rounded font-semibold text-brand-800 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink';

/** A request as the office works on it (issue 18, items 3 and 4). */
export function OfficeRequest({ id, staffId, role }: { id: string; staffId: string; role: StaffRole }) {
  const t = useTranslations('Office');
  const locale = useLocale();
  const basePath = `/${locale}/office/requests`;
  const { data, isError } = useOfficeRequest(id);
  // Recording a counter payment sends the request on, and its form goes: the confirmation stays here.
  const [counterRecorded, setCounterRecorded] = useState(false);
  if (isError) return <p role="alert">{t('request.failed')}</p>;
  if (!data) return <p aria-busy="true">{t('request.loading')}</p>;
  return (
    <div className="flex flex-col gap-6">
      <Overview request={data} staffId={staffId} role={role} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="flex min-w-0 flex-col gap-6">
          {counterRecorded && <p role="status" className="rounded-lg bg-brand-50 p-3">{t('request.counter.recorded', { status: t(`status.${data.status}`) })}</p>}
          {can(role, 'payments') && data.status === 'pending_payment' && <CounterPayment request={data} onRecorded={() => setCounterRecorded(true)} />}
          <DuplicatesPanel request={data} basePath={basePath} />
          <AnswerChanges request={data} />
          <PackageRefund request={data} role={role} />
          <RefundProposal request={data} staffId={staffId} role={role} />
          <Decision request={data} role={role} basePath={basePath} />
          <Pilgrims request={data} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <OfficePayments request={data} />
          <History request={data} />
          <Notes request={data} />
        </div>
      </div>
    </div>
  );
}

function Overview({ request, staffId, role }: { request: OfficeRequestData; staffId: string; role: StaffRole }) {
  const t = useTranslations('Office');
  const formats = useFormats();
  const assign = useOfficeAssign(request.id);
  const mine = request.assigned_to?.id === staffId;
  const packageName = answersOf(request.data).service.package;
  const clock = request.due_at ? clockOf(request.due_at) : null;
  return (
    <section aria-labelledby="overview-title" className={CARD}>
      <h2 id="overview-title" className="sr-only">{t('request.overview')}</h2>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div><dt className="text-sm text-muted">{t('queue.columns.reference')}</dt><dd className="font-mono font-semibold"><span dir="ltr">{request.reference}</span></dd></div>
        <div><dt className="text-sm text-muted">{t('request.status')}</dt><dd className="font-semibold" data-testid="request-status">{t(`status.${request.status}`)}</dd></div>
        <div><dt className="text-sm text-muted">{t('request.service')}</dt><dd>{t(`queue.${request.type as 'hajj' | 'umrah'}`)}{formats.separator}{t('request.pilgrims', { count: request.pilgrims, n: formats.number(request.pilgrims) })}</dd></div>
        <div><dt className="text-sm text-muted">{t('request.package')}</dt><dd data-testid="request-package">{isPackage(packageName) ? t(`packages.${packageName}`) : '—'}</dd></div>
        <div>
          <dt className="text-sm text-muted">{t('request.due')}</dt>
          <dd className={clock?.over ? 'font-semibold text-red-800' : ''}>{clock ? t('queue.clock', { over: String(clock.over), unit: clock.unit, count: clock.count, n: formats.number(clock.count) }) : '—'}</dd>
        </div>
        <div><dt className="text-sm text-muted">{t('request.account')}</dt><dd>{request.account?.name}<br /><span dir="ltr" className="break-all">{request.account?.email}</span></dd></div>
        <div>
          <dt className="text-sm text-muted">{t('request.assignedTo')}</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <span>{request.assigned_to?.name ?? t('queue.nobody')}</span>
            {can(role, 'review') && (
              <PlainButton variant="secondary" isPending={assign.isPending} onClick={() => assign.mutate(mine ? 'nobody' : 'me')} className="px-3 py-1 text-sm">
                {mine ? t('request.release') : t('request.assignToMe')}
              </PlainButton>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}

const inputClass = 'w-56 max-w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink';

/**
 * Money the applicant paid at the office's counter (finance, admins): the
 * amount (the fee, filled in) and the receipt number. Recording it is the
 * payment that sends the request on; there is no move to "submitted" without one.
 */
function CounterPayment({ request, onRecorded }: { request: OfficeRequestData; onRecorded: () => void }) {
  const t = useTranslations('Office');
  const formats = useFormats();
  const record = useOfficeCounterPayment(request.id);
  const currency = request.currency ?? 'SAR';
  const fee = request.fee_minor !== null ? formats.money(request.fee_minor, currency) : '—';
  const { form, summary, attempt, onSubmit } = useApiForm<{ amount: string; receipt: string }, { amount_minor: number; receipt_number: string }>(
    checkRules(({ amount, receipt }) => {
      const errors: Record<string, string> = {};
      const minor = minorOf(amount);
      if (minor === null) errors.amount = t('request.counter.amountInvalid');
      else if (minor !== request.fee_minor) errors.amount = t('request.counter.amountNotFee', { fee });
      if (!receipt.trim()) errors.receipt = t('request.counter.receiptRequired');
      return { errors, values: { amount_minor: minor ?? 0, receipt_number: receipt.trim() } };
    }),
    { amount: request.fee_minor !== null ? plainAmount(request.fee_minor) : '', receipt: '' },
    {
      checkOn: 'submit',
      offlineMessage: t('request.failedMove'),
      // The server's names for the two fields; anything else it says is about the payment as a whole.
      placeServerError: (field, message) => ({ field: field === 'amount_minor' ? 'amount' : field === 'receipt_number' ? 'receipt' : FORM_ERROR, message }),
    },
  );
  const errorOf = (field: 'amount' | 'receipt') => form.formState.errors[field]?.message;

  const submit = onSubmit(async (payment) => {
    await record.mutateAsync(payment);
    onRecorded();
  });

  const described = (field: 'amount' | 'receipt', hint: string) => `${hint}${errorOf(field) ? ` counter-${field}-error` : ''}`;
  return (
    <section aria-labelledby="counter-title" className={CARD}>
      <h2 id="counter-title" className="mb-1 text-lg font-bold">{t('request.counter.title')}</h2>
      <p className="mb-3 text-sm text-muted">{t('request.counter.hint')}</p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <ErrorSummary errors={summary} formId="counter" attempt={attempt} />
        <label className="flex flex-col gap-1">
          <span className="font-semibold">{t('request.counter.amount', { currency: formats.currencyLabel(currency) })}</span>
          <span className="text-sm text-muted" id="counter-amount-hint">{t('request.counter.amountHint', { fee })}</span>
          {errorOf('amount') && <span className="text-sm font-medium text-red-700" id="counter-amount-error">{errorOf('amount')}</span>}
          <input id="counter-amount" {...form.register('amount')} inputMode="decimal" dir="ltr" autoComplete="off" aria-invalid={errorOf('amount') ? true : undefined} aria-describedby={described('amount', 'counter-amount-hint')} className={inputClass} />
        </label>
        <label className="flex flex-col gap-1">
          <span className="font-semibold">{t('request.counter.receipt')}</span>
          <span className="text-sm text-muted" id="counter-receipt-hint">{t('request.counter.receiptHint')}</span>
          {errorOf('receipt') && <span className="text-sm font-medium text-red-700" id="counter-receipt-error">{errorOf('receipt')}</span>}
          <input id="counter-receipt" {...form.register('receipt')} dir="ltr" autoComplete="off" maxLength={40} aria-required="true" aria-invalid={errorOf('receipt') ? true : undefined} aria-describedby={described('receipt', 'counter-receipt-hint')} className={inputClass} />
        </label>
        <PlainButton type="submit" isPending={record.isPending} className="self-start">{t('request.counter.record')}</PlainButton>
      </form>
    </section>
  );
}

function Pilgrims({ request }: { request: OfficeRequestData }) {
  const t = useTranslations('Office');
  const answers = answersOf(request.data);
  const formats = useFormats();
  const flagged = (key: string) => request.flagged[key] ?? [];
  const reasons = useTranslations('ChangeReasons');
  // The reason and note sent with each flagged field, while the changes are with the pilgrim.
  const notesOf = (key: string): [string, string][] =>
    request.status === 'changes_requested'
      ? Object.entries(request.flag_notes[key] ?? {}).map(([field, note]) => [field, [note.reason && reasons.has(note.reason as 'scan_unreadable') ? reasons(note.reason as 'scan_unreadable') : null, note.note].filter(Boolean).join(formats.separator)])
      : [];
  return (
    <section aria-labelledby="pilgrims-title" className="flex flex-col gap-4">
      <h2 id="pilgrims-title" className="text-lg font-bold">{t('request.answers')}</h2>
      {request.status === 'changes_requested' && request.changes_due_at && <p className="font-semibold">{t('request.changesDueNow', { date: formats.moment(request.changes_due_at).hijri })}</p>}
      <p>
        {t('request.travelMonth')}: {typeof answers.service.travel_month === 'string' ? (formats.hijriMonth(answers.service.travel_month) ?? answers.service.travel_month) : '—'}
      </p>
      {[answers.applicant, ...answers.companions].map((person, index) => {
        const key = index === 0 ? 'applicant' : `companion-${index - 1}`;
        return (
          <section key={key} aria-labelledby={`pilgrim-${key}`} className={CARD}>
            <h3 id={`pilgrim-${key}`} className="mb-3 font-bold">{index === 0 ? t('request.applicant') : t('request.companion', { number: formats.number(index) })}</h3>
            {flagged(key).length > 0 && (
              <p className="mb-3 rounded-lg border-s-4 border-amber-600 bg-amber-50 p-2 text-sm">
                {t('request.flaggedNow', { fields: formats.list(flagged(key).map((field) => t(`request.flaggable.${field as (typeof FLAGGABLE)[number]}`))) })}
              </p>
            )}
            {notesOf(key).length > 0 && (
              <ul className="mb-3 flex flex-col gap-1 text-sm">
                {notesOf(key).map(([field, why]) => <li key={field}>{t('request.flagNoteNow', { field: t(`request.flaggable.${field as (typeof FLAGGABLE)[number]}`), why })}</li>)}
              </ul>
            )}
            <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
              <PersonAnswers person={person} withRelation={index > 0} travelMonth={answers.service.travel_month} />
              <PilgrimDocuments request={request} pilgrim={key} />
            </div>
          </section>
        );
      })}
    </section>
  );
}

/** A pilgrim's scans, beside that pilgrim's answers (issue 41, item 7). */
function PilgrimDocuments({ request, pilgrim }: { request: OfficeRequestData; pilgrim: string }) {
  const t = useTranslations('Office');
  const fields = useTranslations('Fields');
  const owner = usePilgrimLabel()(pilgrim);
  const docs = request.documents.filter((doc) => doc.pilgrim === pilgrim);
  if (docs.length === 0) return null;
  return (
    <section aria-label={`${t('request.documentsOf')}: ${owner}`}>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-1">
        {docs.map((doc) => {
          const label = t('request.documentOf', { kind: fields(doc.kind), pilgrim: owner });
          return (
            <li key={doc.id} className="flex flex-col gap-2">
              <span className="font-semibold">{label}</span>
              {doc.mime.startsWith('image/') ? (
                // eslint-disable-next-line @next/next/no-img-element -- a private, audited file: no image optimisation, no cache
                <img src={doc.url} alt={label} className="max-h-80 w-full rounded border border-slate-300 object-contain" loading="lazy" />
              ) : (
                <>
                  <PdfPages url={doc.url} label={label} />
                  <a href={doc.url} target="_blank" rel="noopener" className={linkClass}>{t('request.openPdf')}</a>
                </>
              )}
              <a href={`${doc.url}?download=1`} className={linkClass}>{t('request.download', { name: doc.file_name })}</a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function OfficePayments({ request }: { request: OfficeRequestData }) {
  const t = useTranslations('Office');
  const formats = useFormats();
  const partName = usePartName();
  const moneyText = useMoneyLine()(request);
  return (
    <section aria-labelledby="payments-title" className={CARD}>
      <h2 id="payments-title" className="mb-3 text-lg font-bold">{t('request.payments')}</h2>
      <p className="mb-2">
        {t('request.fee')}: {request.fee_minor !== null && request.currency ? formats.money(request.fee_minor, request.currency) : '—'}{moneyText && <>{formats.separator}<span data-testid="money-line">{moneyText}</span></>}
      </p>
      {/* A plan chosen (the deposit paid): each part, and what is still owed (docs/INSTALMENTS.md). */}
      {request.payment_plan?.choice === 'instalments' && request.currency && (
        <div className="mb-3">
          <h3 className="mb-1 font-semibold">{t('request.plan')}</h3>
          <PaymentParts plan={request.payment_plan} currency={request.currency} payBy={null} receipts={false} />
          {request.money && <p className="mt-1 font-semibold">{t('request.outstanding', { amount: formats.money(request.money.outstanding_minor, request.currency) })}</p>}
        </div>
      )}
      {request.payments.length === 0 ? (
        <p className="text-muted">{t('request.noPayments')}</p>
      ) : (
        <ul className="flex flex-col gap-2 text-sm">
          {request.payments.map((payment) => (
            <li key={payment.id}>
              {payment.part !== 'full' && <>{partName(payment.part)}: </>}
              {formats.money(payment.amount_minor, payment.currency)}{formats.separator}
              {payment.status === 'partially_refunded'
                ? t('request.partlyRefunded', { refunded: formats.money(payment.refunded_minor, payment.currency), amount: formats.money(payment.amount_minor, payment.currency) })
                : t(`paymentStatus.${payment.status}`)}
              {payment.paid_by && payment.provider !== 'counter' && <>{formats.separator}{t('request.paidBy', { name: payment.paid_by })}</>}
              {payment.provider === 'counter' && payment.receipt_number && (
                <>{formats.separator}{t('request.counter.paidAt', { receipt: payment.receipt_number, name: payment.recorded_by?.name ?? '—' })}</>
              )}
              {payment.refund_reason && <>{formats.separator}{t(`refundReason.${payment.refund_reason as 'cancelled'}`)}</>}
              <DualDate iso={payment.paid_at ?? payment.created_at} time />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function History({ request }: { request: OfficeRequestData }) {
  const t = useTranslations('Office');
  return (
    <section aria-labelledby="history-title" className={CARD}>
      <h2 id="history-title" className="mb-3 text-lg font-bold">{t('request.history')}</h2>
      <ol className="flex flex-col gap-3">
        {[...request.history].reverse().map((entry, index) => (
          <li key={`${entry.at}-${index}`} className="border-s-2 border-slate-300 ps-3 text-sm">
            <p className="font-semibold">{t(`status.${entry.to}`)}</p>
            <p className="text-muted">{entry.staff_name ?? t(`request.by.${entry.actor}`)}</p>
            <DualDate iso={entry.at} time />
            {entry.note && <p className="mt-1 rounded bg-sand-100 p-2"><span className="font-semibold">{t('request.messageSent')}: </span><bdi>{entry.note}</bdi></p>}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Notes({ request }: { request: OfficeRequestData }) {
  const t = useTranslations('Office');
  const add = useOfficeNote(request.id);
  const { form, summary, onSubmit } = useApiForm<{ body: string }, string>(
    checkRules(({ body }) => ({ errors: body.trim() ? {} : { body: t('request.noteEmpty') }, values: body.trim() })),
    { body: '' },
    { checkOn: 'submit', offlineMessage: t('request.failedMove'), placeServerError: () => null },
  );
  // One field: its message is said beside it, with no summary above.
  const error = summary[0]?.message;
  const submit = onSubmit(async (body) => {
    await add.mutateAsync(body);
    form.reset();
  });
  return (
    <section aria-labelledby="notes-title" className={CARD}>
      <h2 id="notes-title" className="mb-1 text-lg font-bold">{t('request.notes')}</h2>
      <p className="mb-3 text-sm text-muted">{t('request.notesHint')}</p>
      <ul className="mb-3 flex flex-col gap-2 text-sm">
        {request.notes.map((note) => (
          <li key={note.id} className="rounded bg-sand-100 p-2">
            <p><bdi>{note.body}</bdi></p>
            <p className="text-muted">{note.staff_name}</p>
            <DualDate iso={note.at} time />
          </li>
        ))}
      </ul>
      <form noValidate onSubmit={submit} className="flex flex-col gap-2">
        <label htmlFor="note-body" className="font-semibold">{t('request.addNote')}</label>
        {error && <p id="note-error" className="text-sm font-medium text-red-700">{error}</p>}
        <textarea id="note-body" {...form.register('body')} rows={3} maxLength={4000} aria-invalid={error ? true : undefined} aria-describedby={error ? 'note-error' : undefined} className="rounded-lg border border-slate-500 px-3 py-2 focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink" />
        <PlainButton type="submit" variant="secondary" isPending={add.isPending} className="self-start">{t('request.saveNote')}</PlainButton>
      </form>
    </section>
  );
}
