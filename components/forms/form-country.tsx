'use client';

import { useMemo } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Button, ComboBox, FieldError, Group, Input, Label, ListBox, ListBoxItem, ListLayout, Popover, Text, Virtualizer } from 'react-aria-components';
import { useLocale, useTranslations } from 'next-intl';
import { countryMatches, countryOptions, type CountryOption } from '@/lib/requests/countries';
import { ChevronDownIcon } from '@/components/ui/icons';
import { focusRing } from '@/components/ui/focus-ring';
import { useFieldMessage } from './use-field-message';

// A row is 36 px (py-2 and a 20 px line) until a long name wraps; 4 px around the list, as p-1 was.
const COUNTRY_ROWS = { estimatedRowSize: 36, padding: 4 };

type Props<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  formId: string;
  label: string;
  /** A country to offer first (a companion's list leads with the applicant's nationality). */
  first?: string;
  onCommit?: () => void;
};

/**
 * A country found by typing its first letters, in English or in Arabic
 * ("Egy", "مصر"), or chosen from the whole list with the button. The answer
 * kept is the ISO code. Laid out in the page's direction.
 */
export function FormCountry<T extends FieldValues>({ control, name, formId, label, first, onCommit }: Props<T>) {
  const message = useFieldMessage();
  const t = useTranslations('Forms');
  const locale = useLocale();
  const countries = useMemo(() => countryOptions(locale, first), [locale, first]);
  // The filter gets an option's name; the option itself holds both languages' names to search.
  const byLabel = useMemo(() => new Map(countries.map((country) => [country.label, country])), [countries]);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ComboBox<CountryOption>
          id={`${formId}-${name}`}
          name={field.name}
          defaultItems={countries}
          defaultFilter={(textValue, typed) => {
            const country = byLabel.get(textValue);
            return country ? countryMatches(country, typed) : false;
          }}
          selectedKey={(field.value as string | undefined) || null}
          onSelectionChange={(key) => {
            field.onChange(key === null ? '' : String(key));
            if (key !== null) onCommit?.();
          }}
          onBlur={field.onBlur}
          // Letters that match no country say so (noCountry) instead of the list vanishing under the finger.
          allowsEmptyCollection
          validationBehavior="aria"
          isInvalid={fieldState.invalid}
          className="flex flex-col gap-1"
        >
          <Label className="text-sm font-semibold">{label}</Label>
          <Text slot="description" className="text-sm text-muted">
            {t('countryHint')}
          </Text>
          <Group
            className={(renderProps) =>
              focusRing({
                ...renderProps,
                isFocusVisible: renderProps.isFocusWithin,
                className: `flex w-full items-center rounded-lg border bg-white ${fieldState.invalid ? 'border-red-700' : 'border-slate-500'}`,
              })
            }
          >
            <Input ref={field.ref} autoComplete="off" className="min-w-0 flex-1 bg-transparent px-3 py-2 text-start text-base text-ink outline-none" />
            <Button aria-label={t('showCountries')} className="flex items-center self-stretch px-3 text-muted outline-none">
              <ChevronDownIcon />
            </Button>
          </Group>
          <FieldError className="text-sm font-medium text-red-700">{message(name, fieldState.error?.message)}</FieldError>
          <Popover className="z-menu flex w-(--trigger-width) flex-col rounded-lg border border-slate-200 bg-white shadow-lg">
            {/* Only the rows in sight are drawn: all 173 took 120-170 ms to open here and 0.7-0.9 s at a phone's
                speed (4 × slower), every time the list opened. Long names wrap on a phone, so rows are measured. */}
            <Virtualizer layout={ListLayout} layoutOptions={COUNTRY_ROWS}>
              <ListBox<CountryOption>
                // The list scrolls itself, and shrinks with the popover where the screen has less room (a phone held sideways).
                className="max-h-72 min-h-0 flex-1 overflow-auto outline-none"
                renderEmptyState={() => <p className="px-3 py-2 text-sm text-muted">{t('noCountry')}</p>}
              >
                {(country) => (
                  <ListBoxItem
                    id={country.value}
                    textValue={country.label}
                    className="cursor-default rounded-md px-3 py-2 text-start text-sm outline-none focus:bg-brand-50 selected:font-semibold"
                  >
                    {country.label}
                  </ListBoxItem>
                )}
              </ListBox>
            </Virtualizer>
          </Popover>
        </ComboBox>
      )}
    />
  );
}
