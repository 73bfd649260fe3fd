'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter, useSearchParams } from 'next/navigation';
import { useLocale } from 'next-intl';
import { resetPassword } from '@/lib/auth/email-api';
import { PlainButton } from '@/components/ui/plain-button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { Link } from '@/components/ui/link';
import { SignInField } from './sign-in-field';
import { useSignInForm, type CheckForm } from './use-sign-in-form';

const loadRules = () =>
  Promise.all([import('@/lib/auth/sign-in-rules'), import('@/lib/auth/recovery-rules')]).then(
    ([m, r]): CheckForm => (values) => m.checkForm(r.resetPasswordRules, values),
  );

const FORM_ID = 'reset-password';

/** The page the reset e-mail links to: a new password (the registration rules), then signed in here. */
export function ResetPasswordForm() {
  const t = useTranslations('PasswordReset');
  const auth = useTranslations('Auth');
  const router = useRouter();
  const locale = useLocale();
  const token = useSearchParams().get('token') ?? '';
  const [pending, setPending] = useState(false);
  const { field, summary, attempt, onSubmit } = useSignInForm(loadRules, { password: '', password_confirmation: '' });

  const submit = onSubmit(async (values) => {
    setPending(true);
    try {
      await resetPassword({ token, password: values.password!, password_confirmation: values.password_confirmation! });
      router.replace(`/${locale}/profile`);
    } finally {
      setPending(false);
    }
  });

  if (!token) {
    return (
      <div className="flex flex-col gap-4">
        <p role="alert">{t('missingToken')}</p>
        <Link href="/auth/forgot-password" className="font-semibold text-brand-800 underline underline-offset-4">
          {t('askAgain')}
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-muted">{t('resetIntro')}</p>
      <ErrorSummary errors={summary} formId={FORM_ID} attempt={attempt} />
      <SignInField formId={FORM_ID} {...field('password')} type="password" autoComplete="new-password" label={t('newPassword')} description={auth('passwordHint')} dir="ltr" />
      <SignInField formId={FORM_ID} {...field('password_confirmation')} type="password" autoComplete="new-password" label={t('confirmPassword')} dir="ltr" />
      <PlainButton type="submit" isPending={pending} className="mt-2">
        {pending ? t('saving') : t('resetSubmit')}
      </PlainButton>
      <Link href="/auth/forgot-password" className="text-sm font-semibold text-brand-800 underline underline-offset-4">
        {t('askAgain')}
      </Link>
    </form>
  );
}
