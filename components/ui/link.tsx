'use client';

import { useEffect, type ComponentProps } from 'react';
import { IntlLink, useRouter } from '@/i18n/navigation';
import { focusVisibleRing } from './focus-visible-ring';

export const PREFETCH_DELAY_MS = 1000;

type NetworkInformation = { effectiveType?: string };

/** Prefetching costs data; on the slowest connections it is skipped. */
export function shouldPrefetch(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return connection?.effectiveType !== 'slow-2g';
}

type LinkProps = Omit<ComponentProps<typeof IntlLink>, 'prefetch'> & { href: string };

/**
 * A localized in-app link. Instead of Next's prefetch on sight, it prefetches
 * its page one second after it appears, and never on slow-2g.
 */
export function Link({ href, className = '', ...props }: LinkProps) {
  const router = useRouter();
  useEffect(() => {
    if (!shouldPrefetch()) return;
    const timer = window.setTimeout(() => router.prefetch(href), PREFETCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [href, router]);
  return <IntlLink href={href} prefetch={false} className={`${focusVisibleRing} ${className}`} {...props} />;
}
