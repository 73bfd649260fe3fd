'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { RequestDocument, RequestTypeInfo } from '@/lib/requests/requests-api';
import type { RequestStep } from '@/lib/requests/steps';
import { Button } from '@/components/ui/button';
import { isMinorOn } from '@/lib/requests/minor';
import { internationalPhone } from '@/lib/validation/phone';
import { useFormats } from '@/components/requests/use-formats';
import { formatCount } from '@/lib/i18n/digits';
import { StepShell } from '../step-shell';
import type { StepProps } from './step-props';

// Shown as printed, left to right and in Western digits on every page (docs/DIGITS.md).
const IDENTIFIERS = new Set(['national_id', 'passport_number', 'mobile', 'email']);
const PERSON_ROWS = ['name_ar', 'name_latin', 'gender', 'date_of_birth', 'nationality', 'national_id', 'passport_number', 'passport_expiry', 'mobile', 'email'] as const;

type GroupProps = {
  title: string;
  step: RequestStep;
  rows: [string, string | undefined][];
  shown: (field: string, value: string | undefined) => string;
  labels: { field: (name: string) => string; change: string; changeGroup: (group: string) => string };
  onChange: (step: RequestStep) => void;
};

function Group({ title, step, rows, shown, labels, onChange }: GroupProps) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4" aria-label={title}>
      <div className="flex items-center justify-between gap-4">
        <h3 className="text-lg font-semibold">{title}</h3>
        <Button variant="quiet" onPress={() => onChange(step)} aria-label={labels.changeGroup(title)}>
          {labels.change}
        </Button>
      </div>
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
    </section>
  );
}

/** Check your answers: every group with a link that changes it and comes back here. */
export function ReviewStep({
  draft,
  type,
  documents,
  onDone,
  onBack,
  onChange,
}: StepProps & { type: RequestTypeInfo; documents: RequestDocument[]; onChange: (step: RequestStep) => void }) {
  const t = useTranslations('Wizard');
  const fields = useTranslations('Fields');
  const locale = useLocale();
  const [pending, setPending] = useState(false);
  const formats = useFormats();
  const regions = new Intl.DisplayNames([locale], { type: 'region' });
  const service = (draft.answers.service ?? {}) as Record<string, string>;
  const applicant = (draft.answers.applicant ?? {}) as Record<string, string>;
  const companions = (Array.isArray(draft.answers.companions) ? draft.answers.companions : []) as Record<string, string>[];

  function shown(field: string, value: string | undefined) {
    if (!value) return t('notGiven');
    if (field === 'gender') return t(`genders.${value}`);
    if (field === 'relation') return t(`relations.${value}`);
    if (field === 'nationality') return regions.of(value) ?? value;
    if (field === 'package') return t(`packages.${value}.name`);
    if (field === 'date_of_birth' || field === 'passport_expiry') {
      // Dates in the page's digits: "١٤ ربيع الأول ١٤١٠ هـ (١٥ أكتوبر ١٩٨٩)".
      const date = formats.hijriAnswer(value);
      return date ? `${date.hijri} (${date.gregorian})` : value;
    }
    if (field === 'mobile') return internationalPhone(value);
    if (field === 'travel_month') return formats.hijriMonth(value) ?? value;
    return value;
  }

  /** A companion's row; a child's missing contacts are the applicant's. */
  function companionRow(companion: Record<string, string>, field: string): [string, string | undefined] {
    const reached = (field === 'mobile' || field === 'email') && !companion[field] && isMinorOn(companion.date_of_birth, service.travel_month);
    return [field, reached ? t('reachedThroughApplicant') : companion[field]];
  }

  const docsFor = (pilgrim: string) =>
    (['passport', 'photo'] as const).map((kind): [string, string | undefined] => [kind, documents.find((d) => d.pilgrim === pilgrim && d.kind === kind)?.file_name]);

  return (
    <StepShell
      formId="review"
      title={t('steps.review')}
      lead={t('reviewLead')}
      summary={[]}
      attempt={0}
      isPending={pending}
      onBack={onBack}
      onSubmit={async (event) => {
        event.preventDefault();
        setPending(true);
        try {
          await draft.complete('review', {});
          onDone();
        } finally {
          setPending(false);
        }
      }}
    >
      <Group shown={shown} labels={{ field: fields, change: t('change'), changeGroup: (group) => t('changeGroup', { group }) }} onChange={onChange}
        title={t('steps.service')}
        step="service"
        rows={[
          ['type', type.name[locale === 'ar' ? 'ar' : 'en']],
          ['package', service.package],
          ['travel_month', service.travel_month],
        ]}
      />
      <Group shown={shown} labels={{ field: fields, change: t('change'), changeGroup: (group) => t('changeGroup', { group }) }} onChange={onChange} title={t('mainApplicant')} step="applicant" rows={PERSON_ROWS.map((f) => [f, applicant[f]])} />
      {companions.map((companion, i) => (
        <Group shown={shown} labels={{ field: fields, change: t('change'), changeGroup: (group) => t('changeGroup', { group }) }} onChange={onChange} key={i} title={t('companionNumber', { number: formatCount(i + 1, locale) })} step="companions" rows={[['relation', companion.relation], ...PERSON_ROWS.map((f) => companionRow(companion, f))]} />
      ))}
      {companions.length === 0 && <Group shown={shown} labels={{ field: fields, change: t('change'), changeGroup: (group) => t('changeGroup', { group }) }} onChange={onChange} title={t('steps.companions')} step="companions" rows={[['companions', t('noCompanionsShort')]]} />}
      <Group shown={shown} labels={{ field: fields, change: t('change'), changeGroup: (group) => t('changeGroup', { group }) }} onChange={onChange}
        title={t('steps.documents')}
        step="documents"
        rows={['applicant', ...companions.map((_, i) => `companion-${i}`)].flatMap((pilgrim) => docsFor(pilgrim))}
      />
    </StepShell>
  );
}
