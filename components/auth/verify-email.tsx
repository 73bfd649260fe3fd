'use client';

import { useEffect, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { ApiClientError } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth/auth-store';
import { useAuthHydrated } from '@/lib/auth/use-auth-hydrated';
import { verifyEmail } from '@/lib/auth/email-api';
import { PlainButton } from '@/components/ui/plain-button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { Link } from '@/components/ui/link';
import { SignInField } from './sign-in-field';
import { useSignInForm, type CheckForm } from './use-sign-in-form';
import { ResendVerification } from '@/components/account/resend-verification';
import { useAskedPath } from './use-asked-path';

const loadRules = () =>
  Promise.all([import('@/lib/auth/sign-in-rules'), import('@/lib/auth/recovery-rules')]).then(
    ([m, r]): CheckForm => (values) => m.checkForm(r.verificationCodeFormRules, values),
  );

const FORM_ID = 'verify-email';
type Outcome = { state: 'checking' } | { state: 'done'; email: string | null } | { state: 'failed'; message: string };

/**
 * The page the verification e-mail links to. With the link's token it
 * confirms at once (in whatever browser it opens); without one, a signed-in
 * visitor types the 6-digit code instead.
 */
export function VerifyEmail() {
  const t = useTranslations('EmailVerification');
  const token = useSearchParams().get('token');
  // Where the pilgrim was going when they registered (the application form): a page of this site, or none.
  const asked = useAskedPath();
  // The store must be restored first: whether this browser's account is the one confirmed decides what follows.
  const hydrated = useAuthHydrated();
  const [outcome, setOutcome] = useState<Outcome | null>(token ? { state: 'checking' } : null);
  const started = useRef(false);

  useEffect(() => {
    if (!token || !hydrated || started.current) return;
    started.current = true;
    verifyEmail({ token })
      .then((user) => {
        const signedIn = useAuthStore.getState().userData?.id === user.id;
        setOutcome({ state: 'done', email: signedIn ? user.email : null });
      })
      .catch((error) => setOutcome({ state: 'failed', message: error instanceof ApiClientError && error.status === 422 ? t('failed') : error.message }));
  }, [token, hydrated, t]);

  if (outcome?.state === 'checking') return <p role="status">{t('checking')}</p>;
  if (outcome?.state === 'done') return <Confirmed email={outcome.email} next={asked} />;
  return (
    <div className="flex flex-col gap-4">
      {outcome?.state === 'failed' && (
        <p role="alert" className="font-medium text-red-700">
          {outcome.message}
        </p>
      )}
      <CodeForm onDone={(email) => setOutcome({ state: 'done', email })} />
    </div>
  );
}

/** Confirmed: on to the page the pilgrim was going to when they registered, else their requests; signing in first when this browser is not signed in. */
function Confirmed({ email, next }: { email: string | null; next: string | null }) {
  const t = useTranslations('EmailVerification');
  const linkClass = 'font-semibold text-brand-800 underline underline-offset-4';
  const words = email ? t(next ? 'continueAsked' : 'continue') : t('signIn');
  return (
    <div role="status" className="flex flex-col gap-4">
      <p className="font-semibold text-brand-800">{email ? t('done', { email }) : t('doneSignedOut')}</p>
      {next && email ? (
        // Already a path with its language (useAskedPath): not localized again.
        <a href={next} className={linkClass}>
          {words}
        </a>
      ) : (
        <Link href={email ? '/profile/requests' : next ? `/auth/login?next=${encodeURIComponent(next)}` : '/auth/login'} className={linkClass}>
          {words}
        </Link>
      )}
    </div>
  );
}

function CodeForm({ onDone }: { onDone: (email: string) => void }) {
  const t = useTranslations('EmailVerification');
  const locale = useLocale();
  const hydrated = useAuthHydrated();
  const user = useAuthStore((s) => s.userData);
  const [pending, setPending] = useState(false);
  const { field, summary, attempt, onSubmit } = useSignInForm(loadRules, { code: '' });

  const submit = onSubmit(async (values) => {
    setPending(true);
    try {
      onDone((await verifyEmail({ code: values.code! })).email);
    } finally {
      setPending(false);
    }
  });

  if (!hydrated) return <div className="min-h-40" aria-busy="true" />;
  if (!user) {
    return (
      <div className="flex flex-col gap-4">
        <p>{t('codeSignedOut')}</p>
        <Link href={`/auth/login?next=/${locale}/verify-email`} className="font-semibold text-brand-800 underline underline-offset-4">
          {t('signIn')}
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p>{t('codeIntro', { email: user.email })}</p>
      <ErrorSummary errors={summary} formId={FORM_ID} attempt={attempt} />
      <SignInField formId={FORM_ID} {...field('code')} type="text" inputMode="numeric" autoComplete="one-time-code" label={t('codeLabel')} dir="ltr" />
      <PlainButton type="submit" isPending={pending}>
        {pending ? t('pending') : t('codeSubmit')}
      </PlainButton>
      <ResendVerification />
    </form>
  );
}
