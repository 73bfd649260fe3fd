'use client';

import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { DateInput } from '@/components/ui/date-input';

/**
 * A list filter's date range (the queue's "sent from/to", the audit log's
 * "from/to"): Hijri first, either calendar typed, each field's own message
 * from the filter's check.
 */
export function FilterDates<T extends FieldValues, Checked = T>({
  control,
  names,
  formId,
  legend,
  question,
  className = 'grid grid-cols-1 gap-4 md:grid-cols-2',
}: {
  control: Control<T, unknown, Checked>;
  names: readonly Path<T>[];
  formId: string;
  legend: (name: Path<T>) => string;
  /** The date question whose example the fields show (Forms.examples). */
  question: string;
  className?: string;
}) {
  return (
    <div className={className}>
      {names.map((name) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field, fieldState }) => (
            <DateInput
              id={`${formId}-${name}`}
              name={name}
              legend={legend(name)}
              value={field.value}
              onChange={field.onChange}
              isInvalid={fieldState.invalid}
              errorMessage={fieldState.error?.message}
              question={question}
              defaultCalendar="hijri"
            />
          )}
        />
      ))}
    </div>
  );
}
