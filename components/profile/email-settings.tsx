'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { useMe } from '@/lib/auth/auth-api';
import { changeEmail, fetchEmailPreferences, saveEmailPreferences } from '@/lib/auth/email-api';
import type { EmailPreferences } from '@/lib/contract/accounts';
import { Switch } from '@/components/ui/switch';
import { PlainButton } from '@/components/ui/plain-button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { SignInField } from '@/components/auth/sign-in-field';
import { useSignInForm, type CheckForm } from '@/components/auth/use-sign-in-form';
import { ResendVerification } from '@/components/account/resend-verification';

const preferencesKey = ['me', 'email-preferences'] as const;

/** The account's e-mail: its address and whether it is confirmed, which e-mails go out, and a change of address. */
export function EmailSettings() {
  const t = useTranslations('EmailSettings');
  const { data: user } = useMe();
  if (!user) return null;
  return (
    <section aria-labelledby="email-settings-title" className="mt-6 rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="email-settings-title" className="text-lg font-bold">
        {t('title')}
      </h2>
      <p className="mt-1">
        <bdi className="wrap-anywhere">{t('address', { email: user.email })}</bdi>{' '}
        <span className={`ms-2 rounded-full px-2 py-0.5 text-sm font-semibold ${user.email_verified ? 'bg-brand-50 text-brand-800' : 'bg-sand-100 text-ink'}`}>
          {user.email_verified ? t('verified') : t('unverified')}
        </span>
      </p>
      {user.email_verified === false && <ResendVerification className="mt-3" />}
      <Preferences />
      <ChangeEmail />
    </section>
  );
}

function Preferences() {
  const t = useTranslations('EmailSettings');
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: preferencesKey, queryFn: fetchEmailPreferences });
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  async function change(next: EmailPreferences) {
    setStatus(null);
    queryClient.setQueryData(preferencesKey, next);
    try {
      queryClient.setQueryData(preferencesKey, await saveEmailPreferences(next));
      setStatus({ ok: true, text: t('saved') });
    } catch {
      queryClient.setQueryData(preferencesKey, data);
      setStatus({ ok: false, text: t('saveFailed') });
    }
  }

  return (
    <div className="mt-6">
      <h3 className="font-bold">{t('preferencesTitle')}</h3>
      <p className="mt-1 text-sm text-muted">{t('preferencesIntro')}</p>
      {/* Always two rows high: nothing moves when the preferences arrive. */}
      <div className="mt-3 flex flex-col gap-3">
        <Switch isSelected={data?.requests ?? true} isDisabled={!data} onChange={(on) => data && void change({ ...data, requests: on })}>
          {t('requests')}
        </Switch>
        <Switch isSelected={data?.payments ?? true} isDisabled={!data} onChange={(on) => data && void change({ ...data, payments: on })}>
          {t('payments')}
        </Switch>
      </div>
      <p role="status" className={`mt-2 min-h-5 text-sm ${status?.ok === false ? 'font-medium text-red-700' : 'text-muted'}`}>
        {status?.text}
      </p>
    </div>
  );
}

const loadRules = () =>
  Promise.all([import('@/lib/auth/sign-in-rules'), import('@/lib/auth/recovery-rules')]).then(
    ([m, r]): CheckForm => (values) => m.checkForm(r.changeEmailRules, values),
  );

function ChangeEmail() {
  const t = useTranslations('EmailSettings');
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { field, summary, attempt, onSubmit } = useSignInForm(loadRules, { email: '', current_password: '' });

  const submit = onSubmit(async (values) => {
    setPending(true);
    try {
      const { data } = await changeEmail({ email: values.email!, current_password: values.current_password! });
      setSentTo(data.pending_email);
    } finally {
      setPending(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="mt-6 flex max-w-md flex-col gap-4">
      <h3 className="font-bold">{t('changeTitle')}</h3>
      <p className="text-sm text-muted">{t('changeIntro')}</p>
      <ErrorSummary errors={summary} formId="change-email" attempt={attempt} />
      <SignInField formId="change-email" {...field('email')} type="email" autoComplete="email" label={t('newEmail')} dir="ltr" />
      <SignInField formId="change-email" {...field('current_password')} type="password" autoComplete="current-password" label={t('currentPassword')} dir="ltr" />
      <PlainButton type="submit" variant="secondary" isPending={pending} className="self-start">
        {t('changeSubmit')}
      </PlainButton>
      <p role="status" className="text-sm font-medium text-brand-800">
        {sentTo ? t('changeSent', { email: sentTo }) : ''}
      </p>
    </form>
  );
}
