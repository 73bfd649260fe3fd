'use client';

import { useSearchParams } from 'next/navigation';
import { useLocale } from 'next-intl';
import { returnPath } from '@/lib/auth/return-path';

// Any origin does: only a path of this site under a locale comes out of returnPath,
// and the same one on the server and in the browser (no hydration mismatch).
const RESOLVE_AGAINST = 'https://portal.invalid';

/**
 * The page a signed-out visitor asked for before being sent here (`?next=`,
 * set by the proxy's guard and carried by the sign-in links), when it is a
 * page of this site other than the home page; otherwise null.
 */
export function useAskedPath(): string | null {
  const next = useSearchParams().get('next');
  const locale = useLocale();
  if (!next) return null;
  const path = returnPath(next, { origin: RESOLVE_AGAINST, locale });
  return path === `/${locale}` ? null : path;
}
