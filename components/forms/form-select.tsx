'use client';

import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Button, FieldError, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { useTranslations } from 'next-intl';
import { focusRing } from '@/components/ui/focus-ring';
import { ChevronDownIcon } from '@/components/ui/icons';
import { useFieldMessage } from './use-field-message';

type Props<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  formId: string;
  label: string;
  options: readonly { value: string; label: string }[];
  onCommit?: () => void;
};

/** A select bound to react-hook-form; a choice is checked as soon as it is made. */
export function FormSelect<T extends FieldValues>({ control, name, formId, label, options, onCommit }: Props<T>) {
  const message = useFieldMessage();
  const t = useTranslations('Forms');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          id={`${formId}-${name}`}
          name={field.name}
          selectedKey={(field.value as string | undefined) || null}
          onSelectionChange={(key) => {
            field.onChange(key === null ? '' : String(key));
            onCommit?.();
          }}
          placeholder={t('choose')}
          validationBehavior="aria"
          isInvalid={fieldState.invalid}
          className="flex flex-col gap-1"
        >
          <Label className="text-sm font-semibold">{label}</Label>
          <Button
            ref={field.ref}
            className={(renderProps) =>
              focusRing({
                ...renderProps,
                className: `flex items-center justify-between gap-2 rounded-lg border bg-white px-3 py-2 text-start ${fieldState.invalid ? 'border-red-700' : 'border-slate-500'}`,
              })
            }
          >
            <SelectValue className="truncate data-[placeholder]:text-muted" />
            <ChevronDownIcon />
          </Button>
          <FieldError className="text-sm font-medium text-red-700">{message(name, fieldState.error?.message)}</FieldError>
          <Popover className="z-menu max-h-72 w-(--trigger-width) overflow-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
            <ListBox className="outline-none">
              {options.map((option) => (
                <ListBoxItem
                  key={option.value}
                  id={option.value}
                  textValue={option.label}
                  className="cursor-default rounded-md px-3 py-2 text-sm outline-none focus:bg-brand-50 selected:font-semibold"
                >
                  {option.label}
                </ListBoxItem>
              ))}
            </ListBox>
          </Popover>
        </Select>
      )}
    />
  );
}
