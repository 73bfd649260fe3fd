'use client';

import type { ReactNode } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { AnswerList } from './answer-list';
import { text, type PersonAnswers as Person } from './answers-of';
import { HijriAnswer } from './hijri-answer';
import { PhoneAnswer } from './phone-answer';
import { isMinorOn } from '@/lib/requests/minor';
import { messageOf, hasMessage } from '@/lib/i18n/data-keys';
import { countryName } from '@/lib/i18n/formats';

/** Identifiers, Latin names and addresses read left to right inside Arabic text too. */
const LTR_FIELDS = new Set(['name_latin', 'national_id', 'passport_number', 'mobile', 'email']);
const FIELDS = ['name_ar', 'name_latin', 'gender', 'date_of_birth', 'nationality', 'national_id', 'passport_number', 'passport_expiry', 'mobile', 'email'];

/** Every answer about one pilgrim, with localized labels and values. */
export function PersonAnswers({ person, withRelation = false, travelMonth }: { person: Person; withRelation?: boolean; travelMonth?: unknown }) {
  const fields = useTranslations('Fields');
  const t = useTranslations('RequestDetails');
  const locale = useLocale();
  const notGiven = <span className="text-muted">{t('answers.notGiven')}</span>;

  // A known choice in the page language; anything else as it was saved.
  const choice = (group: 'genders' | 'relations', value: string) => (hasMessage(t, `${group}.${value}`) ? messageOf(t, `${group}.${value}`) : value);

  const valueOf = (field: string): ReactNode => {
    const value = text(person[field]);
    // A companion under 18 travels on the applicant's contacts.
    if (value === null && withRelation && (field === 'mobile' || field === 'email') && isMinorOn(person.date_of_birth, travelMonth)) {
      return t('answers.reachedThroughApplicant');
    }
    if (value === null) return notGiven;
    if (field === 'gender' || field === 'relation') return choice(field === 'gender' ? 'genders' : 'relations', value);
    if (field === 'nationality') return countryName(value, locale);
    if (field === 'date_of_birth' || field === 'passport_expiry') return <HijriAnswer value={value} />;
    if (field === 'mobile') return <PhoneAnswer value={value} />;
    return LTR_FIELDS.has(field) ? <bdi dir="ltr" data-identifier>{value}</bdi> : <bdi>{value}</bdi>;
  };

  const shown = withRelation ? ['relation', ...FIELDS] : FIELDS;
  return <AnswerList items={shown.map((field) => ({ label: messageOf(fields, field), value: valueOf(field) }))} />;
}
