'use client';

import { useTranslations } from 'next-intl';
import { isSignedIn, useAuthStore } from '@/lib/auth/auth-store';
import { useAuthHydrated } from '@/lib/auth/use-auth-hydrated';
import { Link } from '@/components/ui/link';

/** Start a request when signed in; otherwise create an account first. */
export function HomeCallToAction() {
  const t = useTranslations('Home');
  const hydrated = useAuthHydrated();
  const signedIn = useAuthStore((s) => isSignedIn(s.userData));
  const href = hydrated && signedIn ? '/profile/requests/create' : '/auth/register';
  return (
    <div className="mt-8 flex flex-wrap gap-3">
      <Link href={href} className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
        {t('startRequest')}
      </Link>
      <Link href="/faqs" className="rounded-lg border border-brand-700 bg-white px-5 py-3 font-semibold text-brand-800 hover:bg-brand-50">
        {t('readFaqs')}
      </Link>
    </div>
  );
}
