'use client';

import { useTranslations } from 'next-intl';
import type { AnswerChange, OfficeRequest } from '@/lib/contract/office';
import { useFormats } from '@/lib/i18n/use-formats';
import { messageOf } from '@/lib/i18n/data-keys';
import { genderOf } from '@/lib/requests/gender';
import { internationalPhone } from '@/lib/validation/phone';
import { usePilgrimLabel } from './pilgrim-label';
import { ChevronForwardIcon } from '@/components/ui/icons';

const plain = (value: unknown) => (value === null || value === undefined || value === '' ? null : typeof value === 'object' ? JSON.stringify(value) : String(value));
const DATES = new Set(['date_of_birth', 'passport_expiry']);
// Shown as printed, left to right and in Western digits (docs/DIGITS.md).
const IDENTIFIERS = new Set(['national_id', 'passport_number', 'mobile', 'email']);

/**
 * After a resend, each answer changed since changes were asked, old -> new, highlighted (issue 41, item 7), as the
 * console shows answers (issue 63, item 6): dates in the page's digits in both calendars, choices in words, and who
 * made the change, the companion when it was theirs (their invitation names the answers they corrected).
 */
export function AnswerChanges({ request }: { request: OfficeRequest }) {
  const t = useTranslations('Office.request.changes');
  const fields = useTranslations('Fields');
  const wizard = useTranslations('Wizard');
  const formats = useFormats();
  const label = usePilgrimLabel();
  if (request.changes.length === 0) return null;
  const companions = Array.isArray(request.data.companions) ? (request.data.companions as Record<string, unknown>[]) : [];

  function shown(field: string, value: unknown): string | null {
    const text = plain(value);
    if (text === null) return null;
    if (DATES.has(field)) {
      const date = formats.hijriAnswer(text);
      return date ? `${date.hijri} (${date.gregorian})` : text;
    }
    if (field === 'gender') return messageOf(wizard, `genders.${text}`);
    if (field === 'relation') return messageOf(wizard, `relations.${text}`);
    if (field === 'package') return messageOf(wizard, `packages.${text}.name`);
    if (field === 'nationality') return formats.countryName(text);
    if (field === 'travel_month') return formats.hijriMonth(text) ?? text;
    if (field === 'mobile') return internationalPhone(text);
    return text;
  }

  /** The companion, when their invitation says they corrected this answer themselves; the applicant otherwise. */
  function who(change: AnswerChange) {
    const match = /^companion-(\d+)$/.exec(change.pilgrim);
    if (!match) return t('byApplicant');
    const companion = companions[Number(match[1])];
    const id = typeof companion?.pilgrim_id === 'string' ? companion.pilgrim_id : null;
    const invitation = request.invitations.find((item) => (id ? item.pilgrim_id === id : item.pilgrim === change.pilgrim));
    return invitation?.edited_fields.includes(change.field) ? t('byCompanion', { gender: genderOf(companion) }) : t('byApplicant');
  }

  const value = (field: string, text: string | null) =>
    text === null ? t('empty') : IDENTIFIERS.has(field) ? <bdi dir="ltr" data-identifier>{text}</bdi> : <bdi>{text}</bdi>;

  return (
    <section aria-labelledby="changes-title" className="rounded-xl border border-brand-700 bg-brand-50 p-5">
      <h2 id="changes-title" className="mb-1 text-lg font-bold">{t('title')}</h2>
      <p className="mb-3 text-sm">{t('intro')}</p>
      <ul className="flex flex-col gap-2">
        {request.changes.map((change) => (
          <li key={`${change.pilgrim}-${change.field}`}>
            <span className="font-semibold">{t('field', { pilgrim: label(change.pilgrim), field: fields.has(change.field as 'name') ? fields(change.field as 'name') : change.field })}: </span>
            <del className="text-muted">{value(change.field, shown(change.field, change.old))}</del>
            <ChevronForwardIcon aria-hidden="true" className="mx-1 inline size-4" />
            <ins className="rounded bg-yellow-100 px-1 font-semibold no-underline">{value(change.field, shown(change.field, change.new))}</ins>
            <span className="ms-2 text-sm text-muted">({who(change)})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
