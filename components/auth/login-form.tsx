'use client';

import { Form } from 'react-aria-components';
import { useTranslations } from 'next-intl';
import type { LoginInput } from '@/lib/auth/schemas';
import { useLogin } from '@/lib/auth/sign-in-api';
import { useAfterSignIn } from './use-after-sign-in';
import { Button } from '@/components/ui/button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { FormTextField } from '@/components/forms/form-text-field';
import { useApiForm } from '@/components/forms/use-api-form';

// zod and the shared rules load after the page (see useApiForm).
const loadRules = () => import('@/lib/auth/schemas').then((m) => m.loginSchema);

const FORM_ID = 'login';

export function LoginForm() {
  const t = useTranslations('Auth');
  const afterSignIn = useAfterSignIn();
  const login = useLogin();
  const { form, summary, attempt, onSubmit } = useApiForm<LoginInput>(loadRules, { email: '', password: '' });

  const submit = onSubmit(async (values) => {
    await login.mutateAsync(values);
    afterSignIn();
  });

  return (
    <Form onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
      <ErrorSummary errors={summary} formId={FORM_ID} attempt={attempt} />
      <FormTextField control={form.control} formId={FORM_ID} name="email" type="email" autoComplete="email" label={t('fields.email')} dir="ltr" />
      <FormTextField control={form.control} formId={FORM_ID} name="password" type="password" autoComplete="current-password" label={t('fields.password')} dir="ltr" />
      <Button type="submit" isPending={login.isPending} className="mt-2">
        {login.isPending ? t('pending') : t('login.submit')}
      </Button>
    </Form>
  );
}
