'use client';

import { useSyncExternalStore, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { isSignedIn, useAuthStore } from '@/lib/auth/auth-store';
import { useAuthHydrated } from '@/lib/auth/use-auth-hydrated';
import { Link } from '@/components/ui/link';
import { Providers } from '@/components/providers';

/** This page's address, so that signing in comes back here (e.g. to a payment being checked). */
const noSubscription = () => () => {};
export function useReturnPath(): string {
  return useSyncExternalStore(noSubscription, () => window.location.pathname + window.location.search, () => '/');
}

/**
 * Shows its content to a signed-in user (user data in the auth store), and the
 * signed-out state otherwise. The proxy has already sent visitors without a
 * session cookie home, and a cookie with an empty store has been healed
 * (lib/auth/session-heal.ts): what is left is a cookie whose session ended,
 * cleared by then, so "Sign in" opens the sign-in page.
 */
export function SignedInGate({
  children,
  signedOutTitle,
}: {
  children: ReactNode;
  /** The page's h1 when its content (which has its own) is not shown. */
  signedOutTitle?: ReactNode;
}) {
  const t = useTranslations('SignedOut');
  const next = useReturnPath();
  const hydrated = useAuthHydrated();
  const userData = useAuthStore((s) => s.userData);
  if (!hydrated) return <div className="min-h-40" aria-busy="true" />;
  if (isSignedIn(userData)) return <Providers>{children}</Providers>;
  return (
    <>
      {signedOutTitle}
      <div className="rounded-xl border border-slate-200 bg-white p-6">
        <h2 className="text-lg font-semibold">{t('title')}</h2>
        <p className="mt-2 text-muted">{t('body')}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link href={`/auth/login?next=${encodeURIComponent(next)}`} className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
            {t('signIn')}
          </Link>
          <Link href={`/auth/register?next=${encodeURIComponent(next)}`} className="rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50">
            {t('register')}
          </Link>
        </div>
      </div>
    </>
  );
}
