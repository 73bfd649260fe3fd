'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { can, type StaffRole } from '@/lib/office/roles';
import { FLAGGABLE } from '@/lib/office/queue-schemas';
import { useOfficeAssign, useOfficeCounterPayment, useOfficeNote, useOfficeRequest, useOfficeReview, type ReviewMove } from '@/lib/office/office-requests-api';
// Named apart from the component below, which shows it.
import type { OfficeRequest as OfficeRequestData } from '@/lib/contract/office';
import { minorOf } from '@/lib/office/money-input';
import { TRANSITIONS, type RequestStatus } from '@/lib/requests/statuses';
import { PlainButton } from '@/components/ui/plain-button';
import { ErrorSummary, FORM_ERROR } from '@/components/ui/error-summary';
import { checkRules } from '@/components/forms/form-rules';
import { useApiForm } from '@/components/forms/use-api-form';
import { answersOf, personName } from '@/components/requests/answers-of';
import { PersonAnswers } from '@/components/requests/person-answers';
import { DualDate } from '@/components/requests/dual-date';
import { useFormats } from '@/lib/i18n/use-formats';
import { PdfPages } from './pdf-pages';

const CARD = 'rounded-xl border border-slate-300 bg-white p-5';
const linkClass = 'rounded font-semibold text-brand-800 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink';

/** A request as the office works on it (issue 18, items 3 and 4). */
export function OfficeRequest({ id, staffId, role }: { id: string; staffId: string; role: StaffRole }) {
  const t = useTranslations('Office');
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
          <Decision request={data} role={role} />
          <Pilgrims request={data} />
          <Documents request={data} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <Payments request={data} />
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
  return (
    <section aria-labelledby="overview-title" className={CARD}>
      <h2 id="overview-title" className="sr-only">{t('request.overview')}</h2>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <div><dt className="text-sm text-muted">{t('queue.columns.reference')}</dt><dd className="font-mono font-semibold"><span dir="ltr">{request.reference}</span></dd></div>
        <div><dt className="text-sm text-muted">{t('request.status')}</dt><dd className="font-semibold" data-testid="request-status">{t(`status.${request.status}`)}</dd></div>
        <div><dt className="text-sm text-muted">{t('request.service')}</dt><dd>{t(`queue.${request.type as 'hajj' | 'umrah'}`)}{formats.separator}{t('request.pilgrims', { count: request.pilgrims, n: formats.number(request.pilgrims) })}</dd></div>
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

type Choice = 'under_review' | 'approved' | 'changes_requested' | 'rejected' | 'cancelled';

/** The moves this member may make now: the state machine's office moves, by role. */
function choicesFor(status: RequestStatus, role: StaffRole): Choice[] {
  const allowed = TRANSITIONS[status].office as string[];
  const review = (['under_review', 'approved', 'changes_requested', 'rejected'] as const).filter((move) => allowed.includes(move) && can(role, 'review'));
  const cancel = allowed.includes('cancelled') && can(role, 'payments') ? (['cancelled'] as const) : [];
  return [...review, ...cancel];
}

type DecisionValues = { choice: Choice | ''; note: string; flags: Record<string, string[]> };

const needsNote = (choice: Choice | '') => choice === 'changes_requested' || choice === 'rejected' || choice === 'cancelled';

function Decision({ request, role }: { request: OfficeRequestData; role: StaffRole }) {
  const t = useTranslations('Office');
  const locale = useLocale();
  const review = useOfficeReview(request.id);
  const choices = choicesFor(request.status as RequestStatus, role);
  const [done, setDone] = useState<Choice | null>(null);
  const { form, summary, attempt, onSubmit } = useApiForm<DecisionValues, ReviewMove>(
    checkRules(({ choice, note, flags }) => {
      const errors: Record<string, string> = {};
      if (!choice) errors.choice = t('request.chooseDecision');
      if (needsNote(choice) && !note.trim()) errors.note = t('request.noteRequired');
      if (choice === 'changes_requested' && !Object.values(flags).some((fields) => fields.length)) errors.flags = t('request.flagsRequired');
      return { errors, values: { status: choice as Choice, ...(note.trim() ? { note: note.trim() } : {}), ...(choice === 'changes_requested' ? { flags } : {}) } };
    }),
    { choice: choices.length === 1 ? choices[0]! : '', note: '', flags: {} },
    // Whatever the server refuses, its message says it: the move as a whole was not made.
    { checkOn: 'submit', offlineMessage: t('request.failedMove'), placeServerError: () => null },
  );
  const choice = form.watch('choice');
  const flags = form.watch('flags');
  if (choices.length === 0) return null;
  const answers = answersOf(request.data);
  const pilgrims = [{ key: 'applicant', name: personName(answers.applicant, locale) ?? t('request.applicant') }, ...answers.companions.map((c, i) => ({ key: `companion-${i}`, name: personName(c, locale) ?? t('request.companion', { number: i + 1 }) }))];

  const submit = onSubmit(async (move) => {
    await review.mutateAsync(move);
    setDone(move.status as Choice);
    form.reset({ choice: '', note: '', flags: {} });
  });

  const toggle = (pilgrim: string, field: string, on: boolean) => {
    const fields = new Set(flags[pilgrim] ?? []);
    if (on) fields.add(field);
    else fields.delete(field);
    form.setValue('flags', { ...flags, [pilgrim]: [...fields] });
  };

  return (
    <section aria-labelledby="decision-title" className={CARD}>
      <h2 id="decision-title" className="mb-3 text-lg font-bold">{t('request.decisionTitle')}</h2>
      {done && <p role="status" className="mb-3 rounded-lg bg-brand-50 p-3">{t('request.moved', { status: t(`status.${done}`) })}</p>}
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <ErrorSummary errors={summary} formId="decision" attempt={attempt} />
        <fieldset id="decision-choice" tabIndex={-1} className="flex flex-col gap-2">
          <legend className="mb-1 font-semibold">{t('request.decisionLegend')}</legend>
          {choices.map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input type="radio" value={value} {...form.register('choice')} className="size-5 accent-brand-800" />
              {t(`request.moves.${value}`)}
            </label>
          ))}
        </fieldset>
        {choice === 'changes_requested' && (
          <fieldset id="decision-flags" tabIndex={-1} className="flex flex-col gap-3">
            <legend className="mb-1 font-semibold">{t('request.flagsLegend')}</legend>
            {pilgrims.map((pilgrim) => (
              <fieldset key={pilgrim.key} className="rounded-lg border border-slate-300 p-3">
                <legend className="px-1 font-semibold">{pilgrim.name}</legend>
                <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
                  {FLAGGABLE.map((field) => (
                    <label key={field} className="flex items-center gap-2 text-sm">
                      <input type="checkbox" checked={flags[pilgrim.key]?.includes(field) ?? false} onChange={(e) => toggle(pilgrim.key, field, e.target.checked)} className="size-4 accent-brand-800" />
                      {t(`request.flaggable.${field}`)}
                    </label>
                  ))}
                </div>
              </fieldset>
            ))}
          </fieldset>
        )}
        {choice && (
          <label className="flex flex-col gap-1">
            <span className="font-semibold">{needsNote(choice) ? t('request.noteToPilgrim') : t('request.noteToPilgrimOptional')}</span>
            <span className="text-sm text-muted">{t('request.noteHint')}</span>
            <textarea id="decision-note" {...form.register('note')} rows={3} maxLength={2000} className="rounded-lg border border-slate-500 px-3 py-2 focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink" />
          </label>
        )}
        <PlainButton type="submit" isPending={review.isPending} className="self-start">{t('request.confirmDecision')}</PlainButton>
      </form>
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
    { amount: request.fee_minor !== null ? (request.fee_minor / 100).toFixed(2) : '', receipt: '' },
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
          <span className="font-semibold">{t('request.counter.amount', { currency })}</span>
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
  const locale = useLocale();
  const list = new Intl.ListFormat(locale, { type: 'conjunction' });
  const answers = answersOf(request.data);
  const formats = useFormats();
  const flagged = (key: string) => request.flagged[key] ?? [];
  return (
    <section aria-labelledby="pilgrims-title" className="flex flex-col gap-4">
      <h2 id="pilgrims-title" className="text-lg font-bold">{t('request.answers')}</h2>
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
                {t('request.flaggedNow', { fields: list.format(flagged(key).map((field) => t(`request.flaggable.${field as (typeof FLAGGABLE)[number]}`))) })}
              </p>
            )}
            <PersonAnswers person={person} withRelation={index > 0} travelMonth={answers.service.travel_month} />
          </section>
        );
      })}
    </section>
  );
}

function Documents({ request }: { request: OfficeRequestData }) {
  const t = useTranslations('Office');
  const fields = useTranslations('Fields');
  const formats = useFormats();
  const owner = (pilgrim: string) => (pilgrim === 'applicant' ? t('request.applicant') : t('request.companion', { number: formats.number(Number(pilgrim.split('-')[1]) + 1) }));
  return (
    <section aria-labelledby="documents-title" className={CARD}>
      <h2 id="documents-title" className="mb-3 text-lg font-bold">{t('request.documents')}</h2>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {request.documents.map((doc) => {
          const label = t('request.documentOf', { kind: fields(doc.kind), pilgrim: owner(doc.pilgrim) });
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

function Payments({ request }: { request: OfficeRequestData }) {
  const t = useTranslations('Office');
  const formats = useFormats();
  return (
    <section aria-labelledby="payments-title" className={CARD}>
      <h2 id="payments-title" className="mb-3 text-lg font-bold">{t('request.payments')}</h2>
      <p className="mb-2">
        {t('request.fee')}: {request.fee_minor !== null && request.currency ? formats.money(request.fee_minor, request.currency) : '—'}{request.payment && <>{formats.separator}{t(`payment.${request.payment}`)}</>}
      </p>
      {request.payments.length === 0 ? (
        <p className="text-muted">{t('request.noPayments')}</p>
      ) : (
        <ul className="flex flex-col gap-2 text-sm">
          {request.payments.map((payment) => (
            <li key={payment.id}>
              {formats.money(payment.amount_minor, payment.currency)}{formats.separator}{t(`paymentStatus.${payment.status}`)}
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
