'use client';

import { lazy, Suspense } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { usePathname } from 'next/navigation';
import { pathWithoutLocale } from '@/lib/i18n/paths';
import { useAuthStore, isSignedIn } from '@/lib/auth/auth-store';
import { useAuthHydrated } from '@/lib/auth/use-auth-hydrated';
import { AuthLink } from '@/components/auth/auth-link';

// The menu (react-aria's menu and popover) is loaded only for signed-in users,
// so that public pages do not carry it. React.lazy rather than next/dynamic:
// it is only ever rendered in the browser (after the store is read), and
// next/dynamic's loader would add its own code to every public page.
const SignedInMenu = lazy(() => import('./signed-in-menu').then((m) => ({ default: m.SignedInMenu })));
// The sign-in link's own box, hidden: a signed-out visitor (most visitors of
// public pages) sees it appear in the very place it held, with no layout shift.
const SIGN_IN_BOX = 'inline-flex h-9 items-center rounded-lg px-3 text-sm font-semibold';

/** The account menu when signed in, otherwise the sign-in link. */
export function AccountMenu() {
  const t = useTranslations('Header');
  const hydrated = useAuthHydrated();
  const userData = useAuthStore((s) => s.userData);
  const pathname = pathWithoutLocale(usePathname());
  const locale = useLocale();

  const placeholder = (
    <span className={`invisible ${SIGN_IN_BOX}`} aria-hidden="true">
      {t('signIn')}
    </span>
  );
  // Until the stored session is read, hold the place: no flash of "Sign in".
  if (!hydrated) return placeholder;

  if (!isSignedIn(userData)) {
    // Back here after signing in, or to the page asked for when the guard sent the visitor home (?next=).
    return (
      <AuthLink to="login" here={pathname === '/' ? undefined : `/${locale}${pathname}`} className={`${SIGN_IN_BOX} bg-brand-700 text-white hover:bg-brand-800`}>
        {t('signIn')}
      </AuthLink>
    );
  }

  return (
    <Suspense fallback={placeholder}>
      <SignedInMenu name={userData.name} />
    </Suspense>
  );
}
