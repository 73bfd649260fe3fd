'use client';

import {
  FieldError,
  Input,
  Label,
  Text,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  type ValidationResult,
} from 'react-aria-components';
import { tv } from 'tailwind-variants';
import { focusRing } from './focus-ring';

const inputStyles = tv({
  extend: focusRing,
  base: 'w-full rounded-lg border bg-white px-3 py-2 text-base text-ink',
  variants: { isInvalid: { true: 'border-red-700', false: 'border-slate-400' } },
});

export type TextFieldProps = AriaTextFieldProps & {
  label: string;
  description?: string;
  errorMessage?: string | ((validation: ValidationResult) => string);
  placeholder?: string;
};

export function TextField({ label, description, errorMessage, placeholder, className, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} className={`flex flex-col gap-1 ${typeof className === 'string' ? className : ''}`}>
      <Label className="text-sm font-semibold">{label}</Label>
      <Input placeholder={placeholder} className={(renderProps) => inputStyles(renderProps)} />
      {description && <Text slot="description" className="text-sm text-muted">{description}</Text>}
      <FieldError className="text-sm font-medium text-red-700">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
