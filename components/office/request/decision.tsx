'use client';

import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useLocale, useTranslations } from 'next-intl';
import { can, type StaffRole } from '@/lib/office/roles';
import { FLAGGABLE } from '@/lib/office/queue-schemas';
import { CHANGE_REASONS } from '@/lib/office/change-reasons';
import { minorOf } from '@/lib/office/money-input';
import { useOfficeReview, type ReviewMove } from '@/lib/office/office-requests-api';
import type { OfficeRequest } from '@/lib/contract/office';
import { TRANSITIONS, type RequestStatus } from '@/lib/requests/statuses';
import { isHijriDate } from '@/lib/validation/hijri';
import { PlainButton } from '@/components/ui/plain-button';
import { useFocusOnMount } from '@/components/ui/use-focus-on-mount';
import { ConfirmTitle } from './confirm-title';
import { ErrorSummary } from '@/components/ui/error-summary';
import { checkRules } from '@/components/forms/form-rules';
import { useApiForm } from '@/components/forms/use-api-form';
import { answersOf, personName } from '@/components/requests/answers-of';
import { plainAmount } from '@/lib/i18n/formats';
import { useFormats } from '@/lib/i18n/use-formats';
import { FilterDates } from '../filter-dates';
import { NextRequest } from './next-request';

const CARD = 'rounded-xl border border-slate-300 bg-white p-5';
const fieldClass = 'rounded-lg border border-slate-500 bg-white px-3 py-2 focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink';

type Choice = 'approved' | 'changes_requested' | 'rejected' | 'cancelled';
type Flaggable = (typeof FLAGGABLE)[number];

/**
 * The decisions this member may take now, by role. A request just sent is
 * decided in one step (the server takes it through "under review" on the
 * way, issue 41 item 7), so starting the review is not a choice of its own.
 */
function choicesFor(status: RequestStatus, role: StaffRole, refundProposed: 'cancel' | 'package_change' | null): Choice[] {
  const reviewable = status === 'submitted' || status === 'under_review';
  // While a cancel's refund awaits a second member, the request is decided by that approval, not here. A package
  // change's refund leaves the request as it is: it is reviewed meanwhile, and cancelled only once that refund is decided.
  if (refundProposed === 'cancel') return [];
  const review = reviewable && can(role, 'review') ? (['approved', 'changes_requested', 'rejected'] as const) : [];
  const cancel = !refundProposed && (TRANSITIONS[status].office as string[]).includes('cancelled') && can(role, 'payments') ? (['cancelled'] as const) : [];
  return [...review, ...cancel];
}

type Notes = Record<string, Partial<Record<Flaggable, { reason: string; note: string }>>>;
type DecisionValues = { choice: Choice | ''; note: string; flags: Record<string, string[]>; notes: Notes; changes_due: string; refund: string };

const needsNote = (choice: Choice | '') => choice === 'changes_requested' || choice === 'rejected' || choice === 'cancelled';

/**
 * The decision on a request (issue 18, item 4; issue 41, items 5, 7, 8). No
 * decision is chosen for the member. Asking for changes names each field, with
 * a ready-made reason and a note, and a deadline, in the pilgrim's language.
 * Cancelling a paid request is a refund: its amount (less for a partial one)
 * and the pilgrims are confirmed first, and it only proposes; another member approves.
 */
export function Decision({ request, role, basePath }: { request: OfficeRequest; role: StaffRole; basePath: string }) {
  const t = useTranslations('Office');
  const reasons = useTranslations('ChangeReasons');
  const locale = useLocale();
  const formats = useFormats();
  const review = useOfficeReview(request.id);
  const choices = choicesFor(request.status as RequestStatus, role, request.refund_proposal?.reason ?? null);
  const [done, setDone] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<ReviewMove | null>(null);
  // Everything paid, as the server sums it (lib/payments/money.ts): a plan's parts together, not its first payment (issue 57, item 5).
  const money = request.money;
  // Everything held, a cheaper package's difference still to go back included: a cancel gives it all back.
  const paid = money && (money.state === 'paid' || money.state === 'deposit_paid' || money.state === 'refund_due') ? { amount_minor: money.paid_minor - money.refunded_minor - money.refunding_minor, currency: money.currency } : undefined;
  const answers = answersOf(request.data);
  const pilgrims = [{ key: 'applicant', name: personName(answers.applicant, locale) ?? t('request.applicant') }, ...answers.companions.map((c, i) => ({ key: `companion-${i}`, name: personName(c, locale) ?? t('request.companion', { number: formats.number(i + 1) }) }))];

  const { form, summary, attempt, onSubmit } = useApiForm<DecisionValues, ReviewMove>(
    checkRules(({ choice, note, flags, notes, changes_due, refund }) => {
      const errors: Record<string, string> = {};
      if (!choice) errors.choice = t('request.chooseDecision');
      if (needsNote(choice) && !note.trim()) errors.note = t('request.noteRequired');
      if (choice === 'changes_requested' && !Object.values(flags).some((fields) => fields.length)) errors.flags = t('request.flagsRequired');
      if (choice === 'changes_requested' && changes_due && !isHijriDate(changes_due)) errors.changes_due = t('queue.dateInvalid', { field: t('request.changesDue') });
      const refundMinor = paid ? minorOf(refund) : null;
      if (choice === 'cancelled' && paid && (refundMinor === null || refundMinor < 1 || refundMinor > paid.amount_minor)) errors.refund = t('request.refund.amountInvalid');
      const flagNotes = Object.fromEntries(
        Object.entries(flags).map(([pilgrim, fields]) => [
          pilgrim,
          Object.fromEntries(fields.flatMap((field) => {
            const given = notes[pilgrim]?.[field as Flaggable];
            return given && (given.reason || given.note.trim()) ? [[field, { ...(given.reason ? { reason: given.reason } : {}), ...(given.note.trim() ? { note: given.note.trim() } : {}) }]] : [];
          })),
        ]),
      );
      return {
        errors,
        values: {
          status: choice as Choice,
          ...(note.trim() ? { note: note.trim() } : {}),
          ...(choice === 'changes_requested' ? { flags, flag_notes: flagNotes, ...(changes_due ? { changes_due } : {}) } : {}),
          ...(choice === 'cancelled' && paid && refundMinor !== null && refundMinor < paid.amount_minor ? { refund_minor: String(refundMinor) } : {}),
        },
      };
    }),
    { choice: '', note: '', flags: {}, notes: {}, changes_due: '', refund: paid ? plainAmount(paid.amount_minor) : '' },
    // Whatever the server refuses, its message says it: the move as a whole was not made.
    { checkOn: 'submit', offlineMessage: t('request.failedMove'), placeServerError: () => null },
  );
  const choice = form.watch('choice');
  const flags = form.watch('flags');
  const notes = form.watch('notes');
  if (choices.length === 0) return done ? <Done message={done} currentId={request.id} basePath={basePath} /> : null;

  const send = async (move: ReviewMove) => {
    await review.mutateAsync(move);
    setConfirming(null);
    setDone(move.status === 'cancelled' && paid ? t('request.refund.proposed') : t('request.moved', { status: t(`status.${move.status}`) }));
    form.reset({ choice: '', note: '', flags: {}, notes: {}, changes_due: '', refund: '' });
  };
  // Money going back is confirmed first, with its amount and whose request.
  const submit = onSubmit(async (move) => (move.status === 'cancelled' && paid ? setConfirming(move) : send(move)));

  const toggle = (pilgrim: string, field: string, on: boolean) => {
    const fields = new Set(flags[pilgrim] ?? []);
    if (on) fields.add(field);
    else fields.delete(field);
    form.setValue('flags', { ...flags, [pilgrim]: [...fields] });
  };
  const setNote = (pilgrim: string, field: Flaggable, change: Partial<{ reason: string; note: string }>) => {
    const current = notes[pilgrim]?.[field] ?? { reason: '', note: '' };
    form.setValue('notes', { ...notes, [pilgrim]: { ...notes[pilgrim], [field]: { ...current, ...change } } });
  };
  const refundAmount = confirming && paid ? formats.money(confirming.refund_minor ? Number(confirming.refund_minor) : paid.amount_minor, paid.currency) : '';
  const refundError = form.formState.errors.refund?.message;

  return (
    <section aria-labelledby="decision-title" className={CARD}>
      <h2 id="decision-title" className="mb-3 text-lg font-bold">{t('request.decisionTitle')}</h2>
      {done && <Done message={done} currentId={request.id} basePath={basePath} />}
      {confirming ? (
        <div role="group" aria-labelledby="confirm-title" className="flex flex-col gap-3 rounded-lg border border-amber-700 bg-amber-50 p-4">
          <ConfirmTitle id="confirm-title">{t('request.refund.confirmTitle')}</ConfirmTitle>
          <p>{t('request.refund.confirmText', { amount: refundAmount, pilgrims: formats.list(pilgrims.map((p) => p.name)) })}</p>
          <div className="flex flex-wrap gap-3">
            <PlainButton type="button" isPending={review.isPending} onClick={() => send(confirming)}>{t('request.refund.confirm')}</PlainButton>
            <PlainButton
              type="button"
              variant="secondary"
              onClick={() => {
                // Back to the form as it was, focus on the button that led here.
                flushSync(() => setConfirming(null));
                document.getElementById('decision-submit')?.focus();
              }}
            >
              {t('request.refund.back')}
            </PlainButton>
          </div>
        </div>
      ) : (
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
                  {(flags[pilgrim.key] ?? []).map((name) => {
                    const field = name as Flaggable;
                    const fieldName = t(`request.flaggable.${field}`);
                    return (
                      <div key={field} className="mt-3 grid grid-cols-1 gap-2 border-s-4 border-amber-600 ps-3 sm:grid-cols-2">
                        <label className="flex flex-col gap-1 text-sm">
                          <span className="font-semibold">{t('request.reasonFor', { field: fieldName })}</span>
                          <select value={notes[pilgrim.key]?.[field]?.reason ?? ''} onChange={(e) => setNote(pilgrim.key, field, { reason: e.target.value })} className={fieldClass}>
                            <option value="">{t('request.noReason')}</option>
                            {CHANGE_REASONS[field].map((code) => <option key={code} value={code}>{reasons(code)}</option>)}
                          </select>
                        </label>
                        <label className="flex flex-col gap-1 text-sm">
                          <span className="font-semibold">{t('request.fieldNote')} <span className="sr-only">{fieldName}</span></span>
                          <input value={notes[pilgrim.key]?.[field]?.note ?? ''} maxLength={500} onChange={(e) => setNote(pilgrim.key, field, { note: e.target.value })} className={fieldClass} />
                        </label>
                      </div>
                    );
                  })}
                </fieldset>
              ))}
              <FilterDates control={form.control} names={['changes_due']} formId="decision" legend={() => t('request.changesDue')} question="office_changes_due" className="grid grid-cols-1" />
            </fieldset>
          )}
          {choice === 'cancelled' && paid && (
            <label className="flex flex-col gap-1">
              <span className="font-semibold">{t('request.refund.amount', { currency: formats.currencyLabel(paid.currency) })}</span>
              <span className="text-sm text-muted" id="refund-hint">{t('request.refund.amountHint', { paid: formats.money(paid.amount_minor, paid.currency) })}</span>
              {refundError && <span className="text-sm font-medium text-red-700" id="refund-error">{refundError}</span>}
              <input id="decision-refund" {...form.register('refund')} inputMode="decimal" dir="ltr" autoComplete="off" aria-invalid={refundError ? true : undefined} aria-describedby={`refund-hint${refundError ? ' refund-error' : ''}`} className={`${fieldClass} w-56 max-w-full`} />
            </label>
          )}
          {choice && (
            <label className="flex flex-col gap-1">
              <span className="font-semibold">{needsNote(choice) ? t('request.noteToPilgrim') : t('request.noteToPilgrimOptional')}</span>
              <span className="text-sm text-muted">{t('request.noteHint')} {t('request.pilgrimReads', { language: t(`request.languages.${request.pilgrim_locale}`) })}</span>
              <textarea id="decision-note" {...form.register('note')} rows={3} maxLength={2000} lang={request.pilgrim_locale} className={fieldClass} />
            </label>
          )}
          <PlainButton id="decision-submit" type="submit" isPending={review.isPending} className="self-start">{t('request.confirmDecision')}</PlainButton>
        </form>
      )}
    </section>
  );
}


/** What the move did, focused (the form that made it is gone or emptied), then the next request one Tab away. */
function Done({ message, currentId, basePath }: { message: string; currentId: string; basePath: string }) {
  const ref = useFocusOnMount<HTMLParagraphElement>();
  return (
    <div className="mb-3 flex flex-col gap-3 rounded-lg bg-brand-50 p-3">
      <p role="status" tabIndex={-1} ref={ref} className="rounded focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink">
        {message}
      </p>
      <NextRequest currentId={currentId} basePath={basePath} />
    </div>
  );
}
