'use client';

import { Form } from 'react-aria-components';
import { useTranslations } from 'next-intl';
import { passwordChangeSchema, type PasswordChangeInput } from '@/lib/auth/schemas';
import { useChangePassword } from '@/lib/auth/auth-api';
import { Button } from '@/components/ui/button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { FormTextField } from '@/components/forms/form-text-field';
import { useApiForm } from '@/components/forms/use-api-form';
import { zodRules } from '@/components/forms/zod-rules';

const FORM_ID = 'password';
const EMPTY = { current_password: '', password: '', password_confirmation: '' };
const rules = zodRules<PasswordChangeInput>(passwordChangeSchema);

export function PasswordForm() {
  const t = useTranslations('Profile');
  const auth = useTranslations('Auth');
  const change = useChangePassword();
  const { form, summary, attempt, onSubmit } = useApiForm(rules, EMPTY);

  const submit = onSubmit(async (values) => {
    await change.mutateAsync(values);
    form.reset(EMPTY);
  });

  return (
    <Form onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4" aria-labelledby="password-form-title">
      <h2 id="password-form-title" className="text-lg font-semibold">
        {t('passwordTitle')}
      </h2>
      <ErrorSummary errors={summary} formId={FORM_ID} attempt={attempt} />
      {change.isSuccess && (
        <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
          {t('passwordChanged')}
        </p>
      )}
      <FormTextField control={form.control} formId={FORM_ID} name="current_password" type="password" autoComplete="current-password" label={t('currentPassword')} dir="ltr" />
      <FormTextField control={form.control} formId={FORM_ID} name="password" type="password" autoComplete="new-password" label={t('newPassword')} description={auth('passwordHint')} dir="ltr" />
      <FormTextField control={form.control} formId={FORM_ID} name="password_confirmation" type="password" autoComplete="new-password" label={t('newPasswordConfirmation')} dir="ltr" />
      <Button type="submit" isPending={change.isPending} className="self-start">
        {t('changePassword')}
      </Button>
    </Form>
  );
}
