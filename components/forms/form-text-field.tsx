'use client';

import { useState } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Button as AriaButton } from 'react-aria-components';
import { useTranslations } from 'next-intl';
import { TextField, type TextFieldProps } from '@/components/ui/text-field';
import { focusRing } from '@/components/ui/focus-ring';
import { leavesForSubmit } from './leaves-for-submit';
import { useFieldMessage } from './use-field-message';

type Props<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'isInvalid' | 'errorMessage'> & {
  control: Control<T>;
  name: Path<T>;
  formId: string;
  /**
   * Puts the text in its usual form when the field is left, in sight of the
   * pilgrim (a passport number in capitals); only where nothing is lost by it.
   */
  tidy?: (text: string) => string;
};

/**
 * A text field bound to react-hook-form. It is checked when it loses focus
 * (the form's mode), never while typing, and shows its message inline.
 */
export function FormTextField<T extends FieldValues>({ control, name, formId, type, tidy, ...props }: Props<T>) {
  const message = useFieldMessage();
  const t = useTranslations('Forms');
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          id={`${formId}-${name}`}
          type={isPassword && revealed ? 'text' : type}
          name={field.name}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={(event) => {
            const text = (field.value as string | undefined) ?? '';
            if (tidy && tidy(text) !== text) field.onChange(tidy(text));
            if (!leavesForSubmit(event)) field.onBlur();
          }}
          inputRef={field.ref}
          validationBehavior="aria"
          isInvalid={fieldState.invalid}
          errorMessage={message(name, fieldState.error?.message)}
          end={
            isPassword ? (
              <AriaButton
                onPress={() => setRevealed((shown) => !shown)}
                aria-pressed={revealed}
                aria-label={t('showField', { field: props.label })}
                className={(renderProps) => focusRing({ ...renderProps, className: 'me-1 rounded px-2 py-1 text-sm font-semibold text-brand-800' })}
              >
                {t('show')}
              </AriaButton>
            ) : undefined
          }
        />
      )}
    />
  );
}
