'use client';

import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { HijriDateField } from '@/components/ui/hijri-date-field';
import { useFieldMessage } from './use-field-message';

type Props<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  formId: string;
  label: string;
  description?: string;
};

/** A Hijri date (DD-MM-YYYY) bound to react-hook-form, checked when it loses focus. */
export function FormHijriDate<T extends FieldValues>({ control, name, formId, label, description }: Props<T>) {
  const message = useFieldMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <HijriDateField
          id={`${formId}-${name}`}
          name={field.name}
          label={label}
          description={description}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          isInvalid={fieldState.invalid}
          errorMessage={message(name, fieldState.error?.message)}
        />
      )}
    />
  );
}
