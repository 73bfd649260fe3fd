'use client';

import { useState, type ReactNode } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { ApiClientError } from '@/lib/api-client';
import { packageFee } from '@/lib/requests/requests-api';
import type { RequestDetails, RequestTypeInfo } from '@/lib/contract/requests';
import type { WizardStep } from '@/lib/requests/steps';
import { Link } from '@/components/ui/link';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { useApiForm } from '@/components/forms/use-api-form';
import { useFieldMessage } from '@/components/forms/use-field-message';
import { ResendVerification } from '@/components/account/resend-verification';
import { JoinReserve } from '@/components/requests/join-reserve';
import { usePlacesLeft } from '@/components/requests/use-places-left';
import { PilgrimDocuments } from '@/components/requests/pilgrim-documents';
import { personName } from '@/components/requests/answers-of';
import { isMinorOn } from '@/lib/requests/minor';
import { internationalPhone } from '@/lib/validation/phone';
import { useFormats } from '@/lib/i18n/use-formats';
import { formatCount, joinParts } from '@/lib/i18n/numbers';
import { StepShell } from '../step-shell';
import { CompanionConfirmation } from '@/components/families/companion-confirmation';
import { CostSummary, resendCost } from '../cost-summary';
import type { StepProps } from './step-props';
import { messageOf } from '@/lib/i18n/data-keys';

// Shown as printed, left to right and in Western digits on every page (docs/DIGITS.md).
const IDENTIFIERS = new Set(['national_id', 'passport_number', 'mobile', 'email']);
const PERSON_ROWS = ['name_ar', 'name_latin', 'gender', 'date_of_birth', 'nationality', 'national_id', 'passport_number', 'passport_expiry', 'mobile', 'email'] as const;

type GroupProps = {
  title: string;
  step: WizardStep;
  rows: [string, string | undefined][];
  shown: (field: string, value: string | undefined) => string;
  labels: { field: (name: string) => string; change: string; changeGroup: (group: string) => string };
  onChange: (step: WizardStep) => void;
  /** Not the first group of its step (a second companion): the step's anchor is on the first. */
  repeated?: boolean;
  /** Shown below the rows (the documents, under each pilgrim's name). */
  children?: ReactNode;
};

function Group({ title, step, rows, shown, labels, onChange, repeated, children }: GroupProps) {
  return (
    // The error summary's links for a step's answers lead here (review-<step>).
    <section id={repeated ? undefined : `review-${step}`} tabIndex={repeated ? undefined : -1} className="rounded-xl border border-slate-200 bg-white p-4" aria-label={title}>
      <div className="flex items-center justify-between gap-4">
        <h3 className="text-lg font-semibold">{title}</h3>
        <Button variant="quiet" onPress={() => onChange(step)} aria-label={labels.changeGroup(title)}>
          {labels.change}
        </Button>
      </div>
      {rows.length > 0 && (
      <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[14rem_1fr]">
        {rows.map(([field, value], index) => (
          <div key={`${field}-${index}`} className="contents">
            <dt className="text-sm font-semibold">{labels.field(field)}</dt>
            <dd className="text-sm text-muted">
              {IDENTIFIERS.has(field) && value ? (
                <bdi dir="ltr" data-identifier>
                  {shown(field, value)}
                </bdi>
              ) : (
                <bdi>{shown(field, value)}</bdi>
              )}
            </dd>
          </div>
        ))}
      </dl>
      )}
      {children && <div className="mt-3">{children}</div>}
    </section>
  );
}

/**
 * Check your answers, as GOV.UK's pattern has it: every group with a Change
 * link that comes back here, the cost, then the declaration (never ticked in
 * advance, re-submissions included) above "Accept and continue to payment".
 */
export function ReviewStep({
  draft,
  type,
  request,
  onBack,
  onChange,
  submit,
  onSubmitted,
}: Omit<StepProps, 'onDone'> & {
  type: RequestTypeInfo;
  request: RequestDetails;
  onChange: (step: WizardStep) => void;
  submit: () => Promise<unknown>;
  onSubmitted: () => void;
}) {
  const t = useTranslations('Wizard');
  const openings = useTranslations('Openings');
  const apiErrors = useTranslations('ApiErrors');
  const fields = useTranslations('Fields');
  // The rows' fields are named by their data (an answer's key): read through messageOf (lib/i18n/data-keys.ts).
  const fieldLabel = (field: string) => messageOf(fields, field);
  const locale = useLocale();
  const message = useFieldMessage();
  const documents = request.documents;
  // Never ticked in advance (issue 21): a declaration stored earlier, or made before the office
  // asked for changes, is made again on this visit, by the pilgrim's own tick.
  const [accepted, setAccepted] = useState(false);
  // Refused because the address is not confirmed: the message says so, and a resend button is at hand.
  const [unverified, setUnverified] = useState(false);
  // Refused with sold_out: the message says what is left, and the reserve list is offered beside it.
  const [soldOut, setSoldOut] = useState(false);
  // Refused with queue_required (issue 59): sending opens through the queue; the message says why, the link leads there.
  const [queueRequired, setQueueRequired] = useState(false);
  const formats = useFormats();
  const service = (draft.answers.service ?? {}) as Record<string, string>;
  const applicant = (draft.answers.applicant ?? {}) as Record<string, string>;
  const companions = (Array.isArray(draft.answers.companions) ? draft.answers.companions : []) as Record<string, string>[];
  const pilgrimCount = 1 + companions.length;
  // Full before anything is pressed (issue 63, item 1): the catalogue, read again every few seconds (issue 63, item 2),
  // has fewer places left in the package than the request needs. Said as sending would say it, with the reserve list
  // under it; sending may still be tried (places come back), and the server's refusal stays the word that counts.
  const placesLeft = usePlacesLeft(type.id, type.places_left);
  const leftInCatalogue = service.package ? placesLeft?.[service.package] : undefined;
  const fullInCatalogue = request.status === 'draft' && typeof leftInCatalogue === 'number' && leftInCatalogue < pilgrimCount;
  // No field of react-hook-form here (the declaration saves with the draft as it is ticked): what the
  // server refuses is an answer of another step, which leads to its group here, where its Change link is.
  const { form, summary, attempt, onSubmit, refused } = useApiForm(undefined, {}, {
    offlineMessage: t('uploadOffline'),
    placeServerError: (field, text) => ({ field: field.split('.')[0]!, message: message(field, text) ?? '' }),
  });
  const send = onSubmit(async () => {
    try {
      await draft.complete('review', {});
      await draft.complete('declaration', { declaration: accepted });
      await submit();
      onSubmitted();
    } catch (error) {
      setUnverified(error instanceof ApiClientError && error.code === 'email_unverified');
      setSoldOut(error instanceof ApiClientError && error.code === 'sold_out' && request.status === 'draft');
      setQueueRequired(error instanceof ApiClientError && error.code === 'queue_required');
      throw error;
    }
  });

  function shown(field: string, value: string | undefined) {
    if (!value) return t('notGiven');
    if (field === 'gender') return messageOf(t, `genders.${value}`);
    if (field === 'relation') return messageOf(t, `relations.${value}`);
    if (field === 'nationality') return formats.countryName(value);
    if (field === 'package') return messageOf(t, `packages.${value}.name`);
    if (field === 'date_of_birth' || field === 'passport_expiry') {
      // Dates in the page's digits: "١٤ ربيع الأول ١٤١٠ هـ (١٥ أكتوبر ١٩٨٩)".
      const date = formats.hijriAnswer(value);
      return date ? `${date.hijri} (${date.gregorian})` : value;
    }
    if (field === 'mobile') return internationalPhone(value);
    if (field === 'travel_month') {
      // "Ramadan 1448 AH, February – March 2027": the month in both calendars.
      const month = formats.travelMonth(value);
      return month ? joinParts(locale, month.hijri, month.gregorian) : value;
    }
    return value;
  }

  /** A companion's row; a child's missing contacts are the applicant's. */
  function companionRow(companion: Record<string, string>, field: string): [string, string | undefined] {
    const reached = (field === 'mobile' || field === 'email') && !companion[field] && isMinorOn(companion.date_of_birth, service.travel_month);
    return [field, reached ? t('reachedThroughApplicant') : companion[field]];
  }

  // While sending is not possible (full): the reserve list right under what says so, and no word of paying next.
  const full = soldOut || fullInCatalogue;
  const fullNotice = full ? (
    <div className="flex flex-col gap-3" data-testid="package-full">
      {!soldOut && typeof leftInCatalogue === 'number' && (
        <p role="status" className="rounded-xl border-2 border-violet-700 bg-white p-4 font-semibold text-ink">
          {apiErrors('sold_out', {
            package: service.package ?? 'other',
            left: leftInCatalogue,
            left_shown: formatCount(leftInCatalogue, locale),
            needed: pilgrimCount,
            needed_shown: formatCount(pilgrimCount, locale),
          })}
        </p>
      )}
      <JoinReserve requestId={request.id} onInvalid={refused} beforeJoin={draft.flush} />
    </div>
  ) : undefined;

  // The documents under each pilgrim's name, as the documents step shows them: a companion's by their id (issue 57).
  const idOf = (companion: Record<string, string>) => (typeof companion.pilgrim_id === 'string' && companion.pilgrim_id ? companion.pilgrim_id : undefined);
  const pilgrims = [
    { key: 'applicant', id: null, name: personName(applicant, locale) ?? t('mainApplicant') },
    ...companions.map((companion, i) => ({ key: `companion-${i}`, id: idOf(companion), name: personName(companion, locale) ?? t('companionNumber', { number: formatCount(i + 1, locale) }) })),
  ];

  return (
    <StepShell
      formId="review"
      title={t('steps.review')}
      lead={t('reviewLead')}
      summary={summary}
      attempt={attempt}
      isPending={form.formState.isSubmitting}
      onBack={onBack}
      afterSummary={fullNotice}
      // The button says what it does: while a fee is due it leads to the payment, which is what sends the request.
      // Sent again with a dearer package, the difference is paid before the request goes back to the office.
      continueLabel={
        request.status === 'changes_requested'
          ? resendCost(request, type, service.package, 1 + companions.length)?.kind === 'dearer'
            ? t('submit')
            : t('submitAgain')
          : full
            ? t('submitWhenFull')
            : packageFee(type, service.package) > 0
            ? t('submit')
            : t('submitFree')
      }
      onSubmit={send}
    >
      <Group shown={shown} labels={{ field: fieldLabel, change: t('change'), changeGroup: (group) => t('changeGroup', { group }) }} onChange={onChange}
        title={t('steps.service')}
        step="service"
        rows={[
          ['type', type.name[locale === 'ar' ? 'ar' : 'en']],
          ['package', service.package],
          ['travel_month', service.travel_month],
        ]}
      />
      <Group shown={shown} labels={{ field: fieldLabel, change: t('change'), changeGroup: (group) => t('changeGroup', { group }) }} onChange={onChange} title={t('mainApplicant')} step="applicant" rows={PERSON_ROWS.map((f) => [f, applicant[f]])} />
      {companions.map((companion, i) => (
        <Group shown={shown} labels={{ field: fieldLabel, change: t('change'), changeGroup: (group) => t('changeGroup', { group }) }} onChange={onChange} key={i} repeated={i > 0} title={t('companionNumber', { number: formatCount(i + 1, locale) })} step="companions" rows={[['relation', companion.relation], ...PERSON_ROWS.map((f) => companionRow(companion, f))]}>
          <CompanionConfirmation person={companion} invitation={request.invitations.find((item) => (idOf(companion) ? item.pilgrim_id === idOf(companion) : item.pilgrim === `companion-${i}`))} />
        </Group>
      ))}
      {companions.length === 0 && <Group shown={shown} labels={{ field: fieldLabel, change: t('change'), changeGroup: (group) => t('changeGroup', { group }) }} onChange={onChange} title={t('steps.companions')} step="companions" rows={[['companions', t('noCompanionsShort')]]} />}
      <Group shown={shown} labels={{ field: fieldLabel, change: t('change'), changeGroup: (group) => t('changeGroup', { group }) }} onChange={onChange}
        title={t('steps.documents')}
        step="documents"
        rows={[]}
      >
        <PilgrimDocuments heading="h4" pilgrims={pilgrims} documents={documents} />
      </Group>
      <CostSummary request={request} type={type} servicePackage={service.package} pilgrims={pilgrimCount} full={full} />
      <section aria-labelledby="review-declaration-title" className="flex flex-col gap-3">
        <h3 id="review-declaration-title" className="text-lg font-semibold">
          {t('steps.declaration')}
        </h3>
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-muted">{t('declarationText')}</p>
        <div id="review-declaration" tabIndex={-1}>
          <Checkbox
            isSelected={accepted}
            onChange={(value) => {
              setAccepted(value);
              draft.update('declaration', { declaration: value });
            }}
          >
            {t('declarationCheckbox')}
          </Checkbox>
        </div>
        {unverified && <ResendVerification />}
        {queueRequired && (
          <Link href={`/openings/${type.id}`} className="self-start rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800" data-testid="queue-required">
            {openings('queueRequired')}
          </Link>
        )}
      </section>
    </StepShell>
  );
}
