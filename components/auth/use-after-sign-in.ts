'use client';

import { useRouter, useSearchParams } from 'next/navigation';
import { useLocale } from 'next-intl';
import { returnPath } from '@/lib/auth/return-path';

/** After signing in: back to the page the user came from (`?next=`, a page of this site only), or the localized home. */
export function useAfterSignIn() {
  const router = useRouter();
  const locale = useLocale();
  const next = useSearchParams().get('next');
  return () => {
    router.replace(returnPath(next, { origin: window.location.origin, locale }));
  };
}
