'use client';

import { useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import { GENDERS, RELATIONS } from '@/lib/requests/answers';
import { FormChoice } from '@/components/forms/form-choice';
import { FormCountry } from '@/components/forms/form-country';
import { FormHijriDate } from '@/components/forms/form-hijri-date';
import { FormSelect } from '@/components/forms/form-select';
import { FormTextField } from '@/components/forms/form-text-field';
import { identifierTags } from '@/components/ui/identifier-text';
import { passportNumberOf } from '@/lib/validation/passport-number';
import { FlaggedMark, pilgrimOfPrefix } from './flagged';
import { LatinNameQuestion } from './latin-name-question';

/**
 * The personal fields of a pilgrim, the same for the applicant and each
 * companion (who also gives the relation). `prefix` places them in the form,
 * e.g. `companions.2.`.
 */
export function PersonFields<T extends FieldValues>({
  control,
  formId,
  prefix = '',
  withRelation = false,
  firstCountry,
  onCommit,
  onUse,
}: {
  control: Control<T>;
  formId: string;
  prefix?: string;
  withRelation?: boolean;
  /** Offered first in the nationality list: the applicant's, for a companion. */
  firstCountry?: string;
  onCommit: (name: string) => void;
  /** Puts a suggested answer in a field (the Latin name as the passport prints it) and checks it. */
  onUse: (name: string, value: string) => void;
}) {
  const t = useTranslations('Fields');
  const w = useTranslations('Wizard');
  const d = useTranslations('DateInput');
  const p = useTranslations('Phone');
  const name = (field: string) => `${prefix}${field}` as Path<T>;
  // A companion by their id where the form has it (issue 57): the office's flags stay with them wherever the list moves them.
  const pilgrimId: unknown = useWatch({ control, name: name('pilgrim_id') });
  const pilgrim = prefix && typeof pilgrimId === 'string' && pilgrimId ? pilgrimId : pilgrimOfPrefix(prefix);

  return (
    <div className="grid grid-cols-1 gap-4">
      {withRelation && (
        <FormSelect
          control={control}
          formId={formId}
          name={name('relation')}
          label={t('relation')}
          options={RELATIONS.map((value) => ({ value, label: w(`relations.${value}`) }))}
          onCommit={() => onCommit(name('relation'))}
        />
      )}
      <FlaggedMark pilgrim={pilgrim} field="name_ar">
        <FormTextField control={control} formId={formId} name={name('name_ar')} label={t('name_ar')} dir="rtl" lang="ar" />
      </FlaggedMark>
      <FlaggedMark pilgrim={pilgrim} field="name_latin">
        <LatinNameQuestion control={control} name={name('name_latin')} onUse={(suggestion) => onUse(name('name_latin'), suggestion)}>
          <FormTextField control={control} formId={formId} name={name('name_latin')} label={t('name_latin')} description={w('hints.nameLatin')} dir="ltr" lang="en" autoComplete="off" />
        </LatinNameQuestion>
      </FlaggedMark>
      <FlaggedMark pilgrim={pilgrim} field="gender">
        <FormChoice
          control={control}
          formId={formId}
          name={name('gender')}
          label={t('gender')}
          options={GENDERS.map((value) => ({ value, label: w(`genders.${value}`) }))}
          onCommit={() => onCommit(name('gender'))}
        />
      </FlaggedMark>
      {/* A Saudi ID or residence permit prints the date of birth in Hijri. */}
      <FlaggedMark pilgrim={pilgrim} field="date_of_birth">
        <FormHijriDate control={control} formId={formId} name={name('date_of_birth')} label={t('date_of_birth')} defaultCalendar="hijri" />
      </FlaggedMark>
      <FlaggedMark pilgrim={pilgrim} field="nationality">
        <FormCountry control={control} formId={formId} name={name('nationality')} label={t('nationality')} first={firstCountry} onCommit={() => onCommit(name('nationality'))} />
      </FlaggedMark>
      <FlaggedMark pilgrim={pilgrim} field="national_id">
        <FormTextField control={control} formId={formId} name={name('national_id')} label={t('national_id')} inputMode="numeric" dir="ltr" />
      </FlaggedMark>
      <FlaggedMark pilgrim={pilgrim} field="passport_number">
        <FormTextField control={control} formId={formId} name={name('passport_number')} label={t('passport_number')} dir="ltr" autoComplete="off" tidy={passportNumberOf} />
      </FlaggedMark>
      {/* Nearly every passport prints its dates in Gregorian. */}
      <FlaggedMark pilgrim={pilgrim} field="passport_expiry">
        <FormHijriDate control={control} formId={formId} name={name('passport_expiry')} label={t('passport_expiry')} description={d('passportExpiryHint')} defaultCalendar="gregorian" />
      </FlaggedMark>
      {withRelation && <p className="text-sm text-muted">{p('childContacts')}</p>}
      <FlaggedMark pilgrim={pilgrim} field="mobile">
        <FormTextField control={control} formId={formId} name={name('mobile')} label={t('mobile')} description={p.rich('hint', identifierTags)} type="tel" inputMode="tel" dir="ltr" />
      </FlaggedMark>
      <FlaggedMark pilgrim={pilgrim} field="email">
        <FormTextField control={control} formId={formId} name={name('email')} label={t('email')} type="email" dir="ltr" />
      </FlaggedMark>
    </div>
  );
}
