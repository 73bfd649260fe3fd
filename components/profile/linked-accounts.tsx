'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { GoogleIcon } from '@/components/ui/icons';
import { googleSignInOutcome, type FirebaseClientConfig } from '@/lib/auth/google-sign-in';
import { useGoogleLink, useLinkGoogle, useUnlinkGoogle } from '@/lib/auth/google-link-api';
import type { GoogleLink } from '@/lib/contract/accounts';

/**
 * Google on the profile: link it (Google's popup, as on the sign-in page) or
 * unlink it. Unlinking needs a password, or the account could not be signed
 * in to any more. Hidden when the site has no Google sign-in.
 */
export function LinkedAccounts() {
  const { data } = useGoogleLink();
  if (!data?.config) return null;
  return <GoogleLinkCard state={data} config={data.config} />;
}

function GoogleLinkCard({ state, config }: { state: GoogleLink; config: FirebaseClientConfig }) {
  const t = useTranslations('LinkedAccounts');
  const tGoogle = useTranslations('Auth.google');
  const locale = useLocale();
  const link = useLinkGoogle();
  const unlink = useUnlinkGoogle();
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<'linked' | 'unlinked' | null>(null);

  async function linkGoogle() {
    setProblem(null);
    setDone(null);
    setWorking(true);
    try {
      const { googleIdToken } = await import('@/lib/auth/google-popup');
      await link.mutateAsync(await googleIdToken(config, locale));
      setDone('linked');
    } catch (error) {
      const outcome = googleSignInOutcome(error);
      if (outcome.kind === 'server') setProblem(outcome.message);
      else if (outcome.kind === 'error') setProblem(tGoogle(outcome.key));
    } finally {
      setWorking(false);
    }
  }

  async function unlinkGoogle() {
    setProblem(null);
    setDone(null);
    try {
      await unlink.mutateAsync();
      setDone('unlinked');
    } catch (error) {
      const outcome = googleSignInOutcome(error);
      setProblem(outcome.kind === 'server' ? outcome.message : t('failed'));
    }
  }

  return (
    <section aria-labelledby="linked-accounts-title" className="mt-6 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="linked-accounts-title" className="text-lg font-bold">
        {t('title')}
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 font-semibold">
          <GoogleIcon />
          <span>Google</span>
          <span data-testid="google-link-state" className={`rounded-full px-2 py-0.5 text-xs ${state.linked ? 'bg-brand-50 text-brand-800' : 'bg-slate-100 text-slate-700'}`}>
            {state.linked ? t('linked') : t('notLinked')}
          </span>
        </p>
        {state.linked ? (
          state.has_password && (
            <Button variant="secondary" isPending={unlink.isPending} onPress={() => void unlinkGoogle()}>
              {t('unlink')}
            </Button>
          )
        ) : (
          <Button variant="secondary" isPending={working} onPress={() => void linkGoogle()}>
            {t('link')}
          </Button>
        )}
      </div>
      <p className="text-sm text-muted">{state.linked ? (state.has_password ? t('linkedBody') : t('noPasswordBody')) : t('notLinkedBody')}</p>
      <div role="alert">{problem && <p className="rounded-lg border border-red-700 bg-red-50 p-3 text-sm text-red-800">{problem}</p>}</div>
      <p role="status" className="text-sm font-medium text-green-800">
        {done ? t(done === 'linked' ? 'linkedNow' : 'unlinkedNow') : ''}
      </p>
    </section>
  );
}
