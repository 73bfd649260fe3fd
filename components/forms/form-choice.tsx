'use client';

import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { FieldError, Label, Radio, RadioGroup } from 'react-aria-components';
import { focusRing } from '@/components/ui/focus-ring';
import { useFieldMessage } from './use-field-message';

type Props<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  formId: string;
  label: string;
  /** `price`: a line first in the description (a package's fee); `note`: a line that stands out beneath it (a package's places left). */
  options: readonly { value: string; label: string; price?: string; description?: string; note?: string | null }[];
  /** Checked at once: a committed choice. */
  onCommit?: () => void;
  orientation?: 'horizontal' | 'vertical';
};

/** A radio group bound to react-hook-form; a choice is checked as soon as it is made. */
export function FormChoice<T extends FieldValues>({ control, name, formId, label, options, onCommit, orientation = 'horizontal' }: Props<T>) {
  const message = useFieldMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <RadioGroup
          id={`${formId}-${name}`}
          name={field.name}
          value={(field.value as string | undefined) || null}
          onChange={(value) => {
            field.onChange(value);
            onCommit?.();
          }}
          validationBehavior="aria"
          isInvalid={fieldState.invalid}
          orientation={orientation}
          className="flex flex-col gap-2"
        >
          <Label className="text-sm font-semibold">{label}</Label>
          <div className={orientation === 'horizontal' ? 'flex flex-wrap gap-4' : 'flex flex-col gap-2'}>
            {options.map((option) => (
              // Each choice names its own description: a Text in the "description" slot would be the whole group's (one for all).
              <Radio
                key={option.value}
                value={option.value}
                aria-describedby={option.price || option.description || option.note ? `${formId}-${name}-${option.value}-description` : undefined}
                className="group flex cursor-default items-start gap-2"
              >
                {({ isSelected, isFocusVisible }) => (
                  <>
                    <span
                      className={`mt-0.5 size-5 shrink-0 rounded-full border-2 border-brand-700 bg-white ${isSelected ? 'border-[6px]' : ''} ${focusRing({ isFocusVisible })}`}
                    />
                    <span className="flex flex-col">
                      <span>{option.label}</span>
                      {(option.price || option.description || option.note) && (
                        <span id={`${formId}-${name}-${option.value}-description`} className="text-sm text-muted">
                          {/* The spaces keep the sentences apart in the accessible description. */}
                          {option.price && <span className="block font-semibold text-ink" data-price>{option.price} </span>}
                          {option.description}
                          {/* The space keeps the two sentences apart in the accessible description. */}
                          {option.note && <span className="block font-semibold text-ink"> {option.note}</span>}
                        </span>
                      )}
                    </span>
                  </>
                )}
              </Radio>
            ))}
          </div>
          <FieldError className="text-sm font-medium text-red-700">{message(name, fieldState.error?.message)}</FieldError>
        </RadioGroup>
      )}
    />
  );
}
