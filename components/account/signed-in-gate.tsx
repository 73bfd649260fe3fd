'use client';

import { lazy, Suspense, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { isSignedIn, useAuthStore } from '@/lib/auth/auth-store';
import { useAuthHydrated } from '@/lib/auth/use-auth-hydrated';
import { showSessionEndHere } from '@/lib/auth/session-end-here';
import { Link } from '@/components/ui/link';
import { Providers } from '@/components/providers';

// Only a signed-in page waits for its session's end: the public pages do not carry the warning.
const SessionEndWarning = lazy(() => import('@/components/auth/session-end-warning').then((m) => ({ default: m.SessionEndWarning })));

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
 * cleared by then, so "Sign in" opens the sign-in page. A session that ends
 * while the page is open (an API call answers 401) is said in so many words,
 * here, with signing in back to this very address (a form's step and draft
 * are in it, and its answers in the browser's backup); before it ends by
 * time, the page warns (SessionEndWarning).
 */
export function SignedInGate({
  children,
  signedOutTitle,
}: {
  children: ReactNode;
  /** The page's h1 when its content (which has its own) is not shown. */
  signedOutTitle?: ReactNode;
}) {
  const hydrated = useAuthHydrated();
  const userData = useAuthStore((s) => s.userData);
  // This page says itself that the session ended: the API client leaves it be (lib/api-client.ts).
  useEffect(() => showSessionEndHere(), []);
  if (!hydrated) return <div className="min-h-40" aria-busy="true" />;
  if (isSignedIn(userData)) {
    return (
      <Providers>
        {children}
        <Suspense fallback={null}>
          <SessionEndWarning />
        </Suspense>
      </Providers>
    );
  }
  return (
    <>
      {signedOutTitle}
      <SignedOutNotice />
    </>
  );
}

function SignedOutNotice() {
  const t = useTranslations('SignedOut');
  const next = useReturnPath();
  const ended = useAuthStore((s) => s.sessionEnded);
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the pilgrim was typing in is gone from under the focus: the news takes it.
  useEffect(() => {
    if (ended) heading.current?.focus();
  }, [ended]);
  const signIn = `/auth/login?next=${encodeURIComponent(next)}`;
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        {t(ended ? 'endedTitle' : 'title')}
      </h2>
      <p className="mt-2 text-muted">{t(ended ? 'endedBody' : 'body')}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link href={signIn} className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          {t(ended ? 'signInAgain' : 'signIn')}
        </Link>
        {!ended && (
          <Link href={`/auth/register?next=${encodeURIComponent(next)}`} className="rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50">
            {t('register')}
          </Link>
        )}
      </div>
    </div>
  );
}
