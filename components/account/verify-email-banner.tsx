'use client';

import { useEffect } from 'react';
import { useTranslations } from 'next-intl';
import { useAuthStore } from '@/lib/auth/auth-store';
import { useAuthHydrated } from '@/lib/auth/use-auth-hydrated';
import { apiRequest } from '@/lib/api-client';
import type { UserData } from '@/lib/auth/auth-store';
import { Link } from '@/components/ui/link';
import { ResendVerification } from './resend-verification';

/**
 * "Confirm your e-mail address", on every signed-in page until it is done.
 * It comes from the client store after load, so it is a fixed bar at the
 * bottom of the viewport: appearing, it moves nothing on the page (no layout
 * shift), and a spacer of the same height after the footer (below everything)
 * keeps the page's end readable. Verified accounts, the norm, get nothing.
 */
export function VerifyEmailBanner() {
  const t = useTranslations('EmailVerification');
  const hydrated = useAuthHydrated();
  const user = useAuthStore((s) => s.userData);
  const unverified = hydrated && user !== null && user.email_verified === false;

  // The address may have been confirmed elsewhere (the link opened in another
  // browser): ask once per page load, and the bar goes when it is.
  useEffect(() => {
    if (!unverified) return;
    let stale = false;
    apiRequest<{ data: UserData }>('/me')
      .then(({ data }) => {
        if (!stale && data.id === useAuthStore.getState().userData?.id) useAuthStore.getState().setUserData(data);
      })
      .catch(() => undefined);
    return () => {
      stale = true;
    };
  }, [unverified]);

  if (!unverified) return null;
  return (
    <>
      <div aria-hidden="true" className="h-36 sm:h-24" />
      <section
        aria-label={t('title')}
        data-testid="verify-email-banner"
        className="fixed inset-x-0 bottom-0 z-overlay border-t border-sand-400 bg-sand-100 px-4 py-3 shadow-[0_-2px_8px_rgba(0,0,0,0.08)]"
      >
        <div className="mx-auto flex max-w-6xl flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-ink">{t('banner', { email: user.email })}</p>
          <div className="flex flex-wrap items-center gap-3">
            <Link href="/verify-email" className="text-sm font-semibold text-brand-800 underline underline-offset-4">
              {t('bannerCode')}
            </Link>
            <ResendVerification />
          </div>
        </div>
      </section>
    </>
  );
}
