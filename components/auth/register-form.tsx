'use client';

import { Form } from 'react-aria-components';
import { useTranslations } from 'next-intl';
import type { RegisterInput } from '@/lib/auth/schemas';
import { useRegister } from '@/lib/auth/sign-in-api';
import { useAfterSignIn } from './use-after-sign-in';
import { Button } from '@/components/ui/button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { FormTextField } from '@/components/forms/form-text-field';
import { useApiForm } from '@/components/forms/use-api-form';

// zod and the shared rules load after the page (see useApiForm).
const loadRules = () => import('@/lib/auth/schemas').then((m) => m.registerSchema);

const FORM_ID = 'register';

export function RegisterForm() {
  const t = useTranslations('Auth');
  const afterSignIn = useAfterSignIn();
  const register = useRegister();
  const { form, summary, attempt, onSubmit } = useApiForm<RegisterInput>(loadRules, {
    name: '',
    email: '',
    phone: '',
    password: '',
    password_confirmation: '',
  });

  const submit = onSubmit(async (values) => {
    await register.mutateAsync(values);
    afterSignIn();
  });

  return (
    <Form onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
      <ErrorSummary errors={summary} formId={FORM_ID} attempt={attempt} />
      <FormTextField control={form.control} formId={FORM_ID} name="name" autoComplete="name" label={t('fields.name')} />
      <FormTextField control={form.control} formId={FORM_ID} name="email" type="email" autoComplete="email" label={t('fields.email')} dir="ltr" />
      <FormTextField control={form.control} formId={FORM_ID} name="phone" type="tel" autoComplete="tel" label={t('fields.phone')} description={t('phoneHint')} dir="ltr" />
      <FormTextField control={form.control} formId={FORM_ID} name="password" type="password" autoComplete="new-password" label={t('fields.password')} description={t('passwordHint')} dir="ltr" />
      <FormTextField control={form.control} formId={FORM_ID} name="password_confirmation" type="password" autoComplete="new-password" label={t('fields.passwordConfirmation')} dir="ltr" />
      <Button type="submit" isPending={register.isPending} className="mt-2">
        {register.isPending ? t('pending') : t('register.submit')}
      </Button>
    </Form>
  );
}
