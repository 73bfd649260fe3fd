'use client';

import { Suspense } from 'react';
import { useTranslations } from 'next-intl';
import { AuthLink } from '@/components/auth/auth-link';
import { useAskedPath } from '@/components/auth/use-asked-path';

/**
 * Why a signed-out visitor is on the home page: the guard sent them here from
 * a page of their account (`?next=`). Says so, with sign-in and registration
 * links that lead back there. Nothing for any other visit.
 */
export function SignInReason() {
  return (
    <Suspense fallback={null}>
      <Reason />
    </Suspense>
  );
}

function Reason() {
  const t = useTranslations('Home.signInReason');
  const s = useTranslations('SignedOut');
  const asked = useAskedPath();
  if (!asked) return null;
  const requests = /^\/[a-z]{2}\/profile\/requests(\/|$|\?)/.test(asked);
  const queue = /^\/[a-z]{2}\/openings\//.test(asked);
  return (
    <section aria-labelledby="sign-in-reason-title" className="mt-8 max-w-3xl rounded-xl bg-white p-5 text-ink">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h2 id="sign-in-reason-title" className="text-lg font-bold">
            {t(queue ? 'queue' : requests ? 'requests' : 'account')}
          </h2>
          <p className="mt-1 text-muted">{t('body')}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <AuthLink to="login" className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
            {s('signIn')}
          </AuthLink>
          <AuthLink to="register" className="rounded-lg border border-brand-700 bg-white px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50">
            {s('register')}
          </AuthLink>
        </div>
      </div>
    </section>
  );
}
