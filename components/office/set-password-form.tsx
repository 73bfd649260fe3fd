'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { PlainButton } from '@/components/ui/plain-button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { SignInField } from '@/components/auth/sign-in-field';
import { useSignInForm, type CheckForm } from '@/components/auth/use-sign-in-form';
import { staffSetPassword } from '@/lib/office/office-sign-in-api';

const loadRules = () => import('@/lib/office/sign-in-rules').then((m): CheckForm => (values) => m.checkForm(m.staffSetPasswordRules, values));

/** A new member chooses a password with the link from their invitation (token in the URL, never shown). */
export function StaffSetPasswordForm({ token }: { token: string }) {
  const t = useTranslations('Office.setPassword');
  const locale = useLocale();
  const { field, summary, attempt, onSubmit } = useSignInForm(loadRules, { password: '', password_confirmation: '' });
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const submit = onSubmit(async (values) => {
    setPending(true);
    try {
      await staffSetPassword({ token, password: values.password!, password_confirmation: values.password_confirmation! });
      setDone(true);
    } finally {
      setPending(false);
    }
  });
  if (done) {
    return (
      <div role="status" className="flex flex-col gap-4">
        <p>{t('done')}</p>
        <a href={`/${locale}/office/login`} className="self-start rounded font-semibold text-brand-800 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink">
          {t('signIn')}
        </a>
      </div>
    );
  }
  // POST: a press before the page has hydrated never puts a password or a code in the address.
  return (
    <form method="post" onSubmit={submit} noValidate className="flex flex-col gap-4">
      <ErrorSummary errors={summary} formId="office-password" attempt={attempt} />
      <SignInField formId="office-password" {...field('password')} type="password" autoComplete="new-password" label={t('fields.password')} dir="ltr" />
      <SignInField formId="office-password" {...field('password_confirmation')} type="password" autoComplete="new-password" label={t('fields.password_confirmation')} dir="ltr" />
      <PlainButton type="submit" isPending={pending} className="mt-2">
        {pending ? t('pending') : t('submit')}
      </PlainButton>
    </form>
  );
}
