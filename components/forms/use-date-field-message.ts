'use client';

import { dateErrorOf, type DateCalendar } from '@/lib/validation/date-parts';
import { useFormats } from '@/lib/i18n/use-formats';
import { useFieldMessage } from './use-field-message';

/**
 * The field messages of forms that ask for dates (the wizard), on the field
 * and in the error summary alike: a passport's rule names the day it must
 * reach in both calendars, and a date that is not a real day is said in the
 * calendar it was typed in (the answer's separator; else the question's own
 * calendar), with the three boxes. Apart from useFieldMessage so that forms
 * without dates (sign-in) carry no calendar.
 */
export function useDateFieldMessage() {
  const message = useFieldMessage(useFormats().hijriAnswer);
  return (field: string, text: string | undefined, answer?: unknown, calendar?: DateCalendar) =>
    message(field, text && dateErrorOf(text, answer, calendar));
}
