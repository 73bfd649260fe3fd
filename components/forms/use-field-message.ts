'use client';

import { useLocale, useTranslations } from 'next-intl';
import { decodeRule } from '@/lib/validation/rule-code';
import { ruleMessage, type HijriDates, type Translate } from '@/lib/validation/localize';

/**
 * Turns a form error (a rule code from zod, or a sentence the server already
 * localized) into text. Forms whose rules name a date (the wizard) pass how to
 * write it (useFormats().hijriAnswer).
 */
export function useFieldMessage(dates?: HijriDates) {
  const t = useTranslations() as unknown as Translate;
  const locale = useLocale();
  return (field: string, message: string | undefined): string | undefined => {
    if (!message) return undefined;
    return decodeRule(message) ? ruleMessage(message, field.split('.'), t, locale, dates) : message;
  };
}
