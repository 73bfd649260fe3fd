'use client';

import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { DateInput } from '@/components/ui/date-input';
import type { DateCalendar } from '@/lib/validation/date-parts';
import { isHijriDate } from '@/lib/validation/hijri';
import { useDateFieldMessage } from './use-date-field-message';

type Props<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  formId: string;
  label: string;
  description?: string;
  /** The calendar the document this date is read from prints. */
  defaultCalendar: DateCalendar;
};

/**
 * A date question bound to react-hook-form: typed in either calendar, kept as
 * Hijri DD-MM-YYYY, checked when focus leaves the whole date, and again as soon as a whole date replaces one in error.
 */
export function FormHijriDate<T extends FieldValues>({ control, name, formId, label, description, defaultCalendar }: Props<T>) {
  const message = useDateFieldMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateInput
          id={`${formId}-${name}`}
          name={field.name}
          legend={label}
          description={description}
          value={(field.value as string | undefined) ?? ''}
          onChange={(next) => {
            field.onChange(next);
            // An error said, then a whole date typed: checked again at once, so the error goes as soon as the date is
            // right (issue 63, item 9), not only once focus leaves it. An unfinished date is left until then.
            if (fieldState.invalid && isHijriDate(next)) field.onBlur();
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          isInvalid={fieldState.invalid}
          errorMessage={message(name, fieldState.error?.message, field.value, defaultCalendar)}
          // The same question for the applicant and every companion.
          question={name.split('.').pop() ?? name}
          defaultCalendar={defaultCalendar}
        />
      )}
    />
  );
}
