'use client';

import type { ReactNode, Ref } from 'react';
import {
  FieldError,
  Group,
  Input,
  Label,
  Text,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  type ValidationResult,
} from 'react-aria-components';
import { tv } from 'tailwind-variants/lite';
import { focusRing } from './focus-ring';

const groupStyles = tv({
  extend: focusRing,
  base: 'flex w-full items-center overflow-hidden rounded-lg border bg-white',
  variants: { isInvalid: { true: 'border-red-700', false: 'border-slate-500' } },
});

export type TextFieldProps = AriaTextFieldProps & {
  label: string;
  description?: ReactNode;
  errorMessage?: string | ((validation: ValidationResult) => string);
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Something inside the field at its end, e.g. the show-password button. */
  end?: ReactNode;
  dir?: 'ltr' | 'rtl' | 'auto';
};

export function TextField({ label, description, errorMessage, placeholder, className, inputRef, end, dir, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} className={`flex flex-col gap-1 ${typeof className === 'string' ? className : ''}`}>
      <Label className="text-sm font-semibold">{label}</Label>
      {description && (
        <Text slot="description" className="text-sm text-muted">
          {description}
        </Text>
      )}
      <Group className={(renderProps) => groupStyles({ ...renderProps, isFocusVisible: renderProps.isFocusWithin })}>
        <Input ref={inputRef} dir={dir} placeholder={placeholder} className="min-w-0 flex-1 bg-transparent px-3 py-2 text-base text-ink outline-none" />
        {end}
      </Group>
      <FieldError className="text-sm font-medium text-red-700">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
