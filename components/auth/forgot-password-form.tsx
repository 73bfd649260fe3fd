'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { forgotPassword } from '@/lib/auth/email-api';
import { PlainButton } from '@/components/ui/plain-button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { Link } from '@/components/ui/link';
import { SignInField } from './sign-in-field';
import { useSignInForm, type CheckForm } from './use-sign-in-form';

const loadRules = () =>
  Promise.all([import('@/lib/auth/sign-in-rules'), import('@/lib/auth/recovery-rules')]).then(
    ([m, r]): CheckForm => (values) => m.checkForm(r.forgotPasswordRules, values),
  );

const FORM_ID = 'forgot-password';

/** "Forgot your password?": one field; the answer is the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const t = useTranslations('PasswordReset');
  const auth = useTranslations('Auth');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const { field, summary, attempt, onSubmit } = useSignInForm(loadRules, { email: '' });

  const submit = onSubmit(async (values) => {
    setPending(true);
    try {
      await forgotPassword(values.email!);
      setSentTo(values.email!);
    } finally {
      setPending(false);
    }
  });

  if (sentTo) {
    return (
      <div role="status" className="flex flex-col gap-4">
        <h2 className="text-lg font-semibold">{t('sentTitle')}</h2>
        <p>{t('sent', { email: sentTo })}</p>
        <Link href="/auth/login" className="font-semibold text-brand-800 underline underline-offset-4">
          {t('backToLogin')}
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-muted">{t('forgotIntro')}</p>
      <ErrorSummary errors={summary} formId={FORM_ID} attempt={attempt} />
      <SignInField formId={FORM_ID} {...field('email')} type="email" autoComplete="email" label={auth('fields.email')} dir="ltr" />
      <PlainButton type="submit" isPending={pending} className="mt-2">
        {pending ? t('sending') : t('forgotSubmit')}
      </PlainButton>
    </form>
  );
}
