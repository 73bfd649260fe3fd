'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { PlainButton } from '@/components/ui/plain-button';
import { GoogleIcon } from '@/components/ui/icons';
import { useSocialSignIn } from '@/lib/auth/sign-in-api';
import { googleSignInOutcome, type FirebaseClientConfig } from '@/lib/auth/google-sign-in';
import { useAfterSignIn } from './use-after-sign-in';

/**
 * "Continue with Google" under the sign-in and registration forms, shown only
 * when the server has Firebase settings. The Firebase SDK is fetched on the
 * click, never before; the ID token it yields is verified by the server.
 */
export function GoogleSignIn({ config }: { config: FirebaseClientConfig | null }) {
  if (!config) return null;
  return <GoogleSignInButton config={config} />;
}

function GoogleSignInButton({ config }: { config: FirebaseClientConfig }) {
  const t = useTranslations('Auth.google');
  const locale = useLocale();
  const afterSignIn = useAfterSignIn();
  const socialSignIn = useSocialSignIn();
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function signIn() {
    setProblem(null);
    setNotice(null);
    setWorking(true);
    try {
      const { googleIdToken } = await import('@/lib/auth/google-popup');
      const idToken = await googleIdToken(config, locale);
      await socialSignIn.mutateAsync({ provider: 'google', id_token: idToken });
      afterSignIn();
    } catch (error) {
      const outcome = googleSignInOutcome(error);
      if (outcome.kind === 'closed') setNotice(t('closed'));
      else if (outcome.kind === 'server') setProblem(outcome.message);
      else if (outcome.kind === 'error') setProblem(t(outcome.key));
    } finally {
      setWorking(false);
    }
  }

  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-sm text-muted">
        <span aria-hidden="true" className="h-px flex-1 bg-sand-400/60" />
        <span>{t('or')}</span>
        <span aria-hidden="true" className="h-px flex-1 bg-sand-400/60" />
      </div>
      <PlainButton variant="secondary" className="mt-6 w-full py-2.5!" isPending={working} onClick={signIn}>
        <GoogleIcon />
        <span>{working ? t('pending') : t('button')}</span>
      </PlainButton>
      {/* Always present, so that screen readers announce what appears in them. */}
      <div role="alert" data-testid="google-sign-in-error">
        {problem && <p className="mt-3 rounded-lg border border-red-700 bg-red-50 p-3 text-sm text-red-800">{problem}</p>}
      </div>
      <div role="status" data-testid="google-sign-in-notice">
        {notice && <p className="mt-3 text-sm text-muted">{notice}</p>}
      </div>
    </div>
  );
}
