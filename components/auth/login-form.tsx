'use client';

import { useTranslations } from 'next-intl';
import { useLogin } from '@/lib/auth/sign-in-api';
import type { LoginInput } from '@/lib/auth/schemas';
import { useAfterSignIn } from './use-after-sign-in';
import { PlainButton } from '@/components/ui/plain-button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { SignInField } from './sign-in-field';
import { useSignInForm, type CheckForm } from './use-sign-in-form';

// The rules load after the page (see useSignInForm).
const loadRules = () =>
  import('@/lib/auth/sign-in-rules').then((m): CheckForm => (values) => m.checkForm(m.loginRules, values));

const FORM_ID = 'login';

export function LoginForm() {
  const t = useTranslations('Auth');
  const afterSignIn = useAfterSignIn();
  const login = useLogin();
  const { field, summary, attempt, onSubmit } = useSignInForm(loadRules, { email: '', password: '' });

  const submit = onSubmit(async (values) => {
    await login.mutateAsync(values as LoginInput);
    afterSignIn();
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <ErrorSummary errors={summary} formId={FORM_ID} attempt={attempt} />
      <SignInField formId={FORM_ID} {...field('email')} type="email" autoComplete="email" label={t('fields.email')} dir="ltr" />
      <SignInField formId={FORM_ID} {...field('password')} type="password" autoComplete="current-password" label={t('fields.password')} dir="ltr" />
      <PlainButton type="submit" isPending={login.isPending} className="mt-2">
        {login.isPending ? t('pending') : t('login.submit')}
      </PlainButton>
    </form>
  );
}
