'use client';

import { Controller } from 'react-hook-form';
import { Form, Label, Radio, RadioGroup } from 'react-aria-components';
import { useTranslations } from 'next-intl';
import { profileSchema, type ProfileInput } from '@/lib/auth/schemas';
import { useMe, useUpdateProfile } from '@/lib/auth/auth-api';
import type { UserData } from '@/lib/auth/auth-store';
import { Button } from '@/components/ui/button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { focusRing } from '@/components/ui/focus-ring';
import { FormTextField } from '@/components/forms/form-text-field';
import { useApiForm } from '@/components/forms/use-api-form';
import { zodRules } from '@/components/forms/zod-rules';
import { useFieldMessage } from '@/components/forms/use-field-message';

const FORM_ID = 'profile';
const rules = zodRules<ProfileInput>(profileSchema);
const LANGUAGES = [
  ['ar', 'العربية'],
  ['en', 'English'],
] as const;

function ProfileFields({ user }: { user: UserData }) {
  const t = useTranslations('Profile');
  const message = useFieldMessage();
  const update = useUpdateProfile();
  const { form, summary, attempt, onSubmit } = useApiForm(rules, {
    name: user.name,
    phone: user.phone ?? '',
    locale: user.locale ?? 'ar',
  });

  const submit = onSubmit(async (values) => {
    await update.mutateAsync(values);
    form.reset(values);
  });

  return (
    <Form onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4" aria-labelledby="profile-form-title">
      <h2 id="profile-form-title" className="text-lg font-semibold">
        {t('detailsTitle')}
      </h2>
      <ErrorSummary errors={summary} formId={FORM_ID} attempt={attempt} />
      {update.isSuccess && !form.formState.isDirty && (
        <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
          {t('saved')}
        </p>
      )}
      <FormTextField control={form.control} formId={FORM_ID} name="name" autoComplete="name" label={t('name')} />
      <FormTextField control={form.control} formId={FORM_ID} name="phone" type="tel" inputMode="tel" autoComplete="tel" label={t('phoneOptional')} dir="ltr" />
      <Controller
        control={form.control}
        name="locale"
        render={({ field, fieldState }) => (
          <RadioGroup
            id={`${FORM_ID}-locale`}
            value={String(field.value ?? 'ar')}
            // A committed choice is checked at once.
            onChange={(value) => {
              field.onChange(value);
              void form.trigger('locale');
            }}
            isInvalid={fieldState.invalid}
            className="flex flex-col gap-2"
          >
            <Label className="text-sm font-semibold">{t('language')}</Label>
            <div className="flex gap-4">
              {LANGUAGES.map(([value, label]) => (
                <Radio key={value} value={value} className="group flex items-center gap-2">
                  {({ isSelected, isFocusVisible }) => (
                    <>
                      <span
                        className={`size-5 rounded-full border-2 border-brand-700 ${isSelected ? 'border-[6px]' : ''} ${focusRing({ isFocusVisible })}`}
                      />
                      <span lang={value}>{label}</span>
                    </>
                  )}
                </Radio>
              ))}
            </div>
            {fieldState.error && <p className="text-sm font-medium text-red-700">{message('locale', fieldState.error.message)}</p>}
          </RadioGroup>
        )}
      />
      <Button type="submit" isPending={update.isPending} className="self-start">
        {t('save')}
      </Button>
    </Form>
  );
}

export function ProfileForm() {
  const { data: user } = useMe();
  if (!user) return null;
  return <ProfileFields user={user} />;
}
