'use client';

import { useTranslations } from 'next-intl';
import { useRegister } from '@/lib/auth/sign-in-api';
import type { RegisterInput } from '@/lib/auth/schemas';
import { useAfterSignIn } from './use-after-sign-in';
import { PlainButton } from '@/components/ui/plain-button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { SignInField } from './sign-in-field';
import { identifierTags } from '@/components/ui/identifier-text';
import { useSignInForm, type CheckForm } from './use-sign-in-form';

// The rules load after the page (see useSignInForm).
const loadRules = () =>
  import('@/lib/auth/sign-in-rules').then((m): CheckForm => (values) => m.checkForm(m.registerRules, values));

const FORM_ID = 'register';

export function RegisterForm() {
  const t = useTranslations('Auth');
  const afterSignIn = useAfterSignIn();
  const register = useRegister();
  const { field, summary, attempt, onSubmit } = useSignInForm(loadRules, {
    name: '',
    email: '',
    phone: '',
    password: '',
    password_confirmation: '',
  });

  const submit = onSubmit(async (values) => {
    // The page asked for goes along, so that the confirmation e-mail's link leads there too (the server checks it).
    const next = new URLSearchParams(window.location.search).get('next') ?? undefined;
    await register.mutateAsync({ ...(values as RegisterInput), next });
    afterSignIn();
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <ErrorSummary errors={summary} formId={FORM_ID} attempt={attempt} />
      <SignInField formId={FORM_ID} {...field('name')} autoComplete="name" label={t('fields.name')} />
      <SignInField formId={FORM_ID} {...field('email')} type="email" autoComplete="email" label={t('fields.email')} dir="ltr" />
      <SignInField formId={FORM_ID} {...field('phone')} type="tel" inputMode="tel" autoComplete="tel" label={t('fields.phone')} description={t.rich('phoneHint', identifierTags)} dir="ltr" />
      <SignInField formId={FORM_ID} {...field('password')} type="password" autoComplete="new-password" label={t('fields.password')} description={t('passwordHint')} dir="ltr" />
      <SignInField formId={FORM_ID} {...field('password_confirmation')} type="password" autoComplete="new-password" label={t('fields.passwordConfirmation')} dir="ltr" />
      <PlainButton type="submit" isPending={register.isPending} className="mt-2">
        {register.isPending ? t('pending') : t('register.submit')}
      </PlainButton>
    </form>
  );
}
