'use client';

import { useEffect, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { PlainButton } from '@/components/ui/plain-button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { SignInField } from '@/components/auth/sign-in-field';
import { useSignInForm, type CheckForm } from '@/components/auth/use-sign-in-form';
import { staffCodeStep, staffPasswordStep } from '@/lib/office/office-sign-in-api';
import type { StaffPasswordStep } from '@/lib/contract/office';
import { QrCode } from './qr-code';

const loadPasswordRules = () => import('@/lib/office/sign-in-rules').then((m): CheckForm => (values) => m.checkForm(m.staffLoginRules, values));
const loadCodeRules = () => import('@/lib/office/sign-in-rules').then((m): CheckForm => (values) => m.checkForm(m.staffCodeFormRules, values));

/**
 * The console's sign-in, one question per screen (GOV.UK's pattern): the
 * password; then the authenticator's code, or at the first sign-in the QR
 * code to enrol and its first code; then, once, the recovery codes. Each new
 * screen moves the focus to its heading.
 */
export function StaffLogin() {
  const [step, setStep] = useState<StaffPasswordStep | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const locale = useLocale();
  const home = `/${locale}/office`;
  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} next={home} />;
  if (step) {
    return (
      <CodeForm
        step={step}
        onStartAgain={() => setStep(null)}
        // A full page load: the console's frame (rendered on the server) must show who is signed in, or no one.
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        onSignedIn={(codes) => (codes ? setRecoveryCodes(codes) : window.location.assign(home))}
      />
    );
  }
  return <PasswordForm onPassed={setStep} />;
}

function useHeadingFocus() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return heading;
}

function PasswordForm({ onPassed }: { onPassed: (step: StaffPasswordStep) => void }) {
  const t = useTranslations('Office.login');
  const { field, summary, attempt, onSubmit } = useSignInForm(loadPasswordRules, { email: '', password: '' });
  const [pending, setPending] = useState(false);
  const submit = onSubmit(async (values) => {
    setPending(true);
    try {
      onPassed(await staffPasswordStep({ email: values.email!, password: values.password! }));
    } finally {
      setPending(false);
    }
  });
  // POST: a press before the page has hydrated never puts a password or a code in the address.
  return (
    <form method="post" onSubmit={submit} noValidate className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="text-muted">{t('intro')}</p>
      <ErrorSummary errors={summary} formId="office-login" attempt={attempt} />
      <SignInField formId="office-login" {...field('email')} type="email" autoComplete="username" label={t('fields.email')} dir="ltr" />
      <SignInField formId="office-login" {...field('password')} type="password" autoComplete="current-password" label={t('fields.password')} dir="ltr" />
      <PlainButton type="submit" isPending={pending} className="mt-2">
        {pending ? t('pending') : t('submit')}
      </PlainButton>
    </form>
  );
}

function CodeForm({ step, onStartAgain, onSignedIn }: { step: StaffPasswordStep; onStartAgain: () => void; onSignedIn: (codes?: string[]) => void }) {
  const t = useTranslations('Office.login');
  const heading = useHeadingFocus();
  const { field, summary, attempt, onSubmit } = useSignInForm(loadCodeRules, { code: '' });
  const [pending, setPending] = useState(false);
  const enrol = step.next === 'enrol';
  const submit = onSubmit(async (values) => {
    setPending(true);
    try {
      const { recovery_codes } = await staffCodeStep({ challenge: step.challenge, code: values.code ?? '' });
      onSignedIn(recovery_codes);
    } finally {
      setPending(false);
    }
  });
  // POST: a press before the page has hydrated never puts a password or a code in the address.
  return (
    <form method="post" onSubmit={submit} noValidate className="flex flex-col gap-4">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
        {enrol ? t('enrolTitle') : t('codeTitle')}
      </h1>
      <ErrorSummary errors={summary} formId="office-code" attempt={attempt} />
      {step.next === 'enrol' && (
        <>
          <p>{t('enrolSteps')}</p>
          <div className="flex justify-center">
            <QrCode value={step.otpauth_uri} label={t('qrLabel')} />
          </div>
          <p className="text-sm">
            {t('enrolManual')}{' '}
            <code dir="ltr" className="break-all rounded bg-sand-100 px-1 font-mono" data-testid="totp-secret">
              {step.secret}
            </code>
          </p>
        </>
      )}
      <SignInField
        formId="office-code"
        {...field('code')}
        autoComplete="one-time-code"
        label={enrol ? t('enrolCode') : t('fields.code')}
        description={enrol ? undefined : t('codeHint')}
        dir="ltr"
      />
      <PlainButton type="submit" isPending={pending} className="mt-2">
        {pending ? t('pending') : enrol ? t('enrolSubmit') : t('codeSubmit')}
      </PlainButton>
      <button type="button" onClick={onStartAgain} className="self-start rounded text-sm font-semibold text-brand-800 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink">
        {t('startAgain')}
      </button>
    </form>
  );
}

function RecoveryCodes({ codes, next }: { codes: string[]; next: string }) {
  const t = useTranslations('Office.login');
  const heading = useHeadingFocus();
  return (
    <section className="flex flex-col gap-4" aria-labelledby="recovery-title">
      <h1 id="recovery-title" ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
        {t('recoveryTitle')}
      </h1>
      <p>{t('recoveryIntro')}</p>
      <ul dir="ltr" className="grid grid-cols-2 gap-2 rounded-lg border border-slate-300 bg-sand-100 p-4 font-mono" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <PlainButton onClick={() => window.location.assign(next)}>{t('recoveryDone')}</PlainButton>
    </section>
  );
}
