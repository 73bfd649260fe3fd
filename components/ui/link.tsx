'use client';

import { useEffect, useRef, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useLocale } from 'next-intl';
import { localizedPath } from '@/lib/i18n/paths';
import { focusVisibleRing } from './focus-visible-ring';
import { prefetchOnSight } from './prefetch-on-sight';

type NetworkInformation = { effectiveType?: string };

/** Prefetching costs data; on the slowest connections it is skipped. */
export function shouldPrefetch(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return connection?.effectiveType !== 'slow-2g';
}

/** A plain left click on a link that stays in this tab: the router can take it. */
export function isInAppClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const { currentTarget: anchor } = event;
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) &&
    (!anchor.target || anchor.target === '_self') &&
    !anchor.hasAttribute('download')
  );
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  href: string;
  /** false: stay where the page is scrolled (filters, pagination). */
  scroll?: boolean;
};

/**
 * A localized in-app link: an anchor whose clicks go through the app router
 * (no full page load). It prefetches its page one second after it comes into
 * view (prefetch-on-sight.ts), and never on slow-2g. Not next/link:
 * that component and next-intl's wrapper weigh about 12 KB gzipped on every
 * public page, for what the router itself does here.
 */
export function Link({ href, className = '', onClick, scroll = true, ...props }: LinkProps) {
  const router = useRouter();
  const target = localizedPath(useLocale(), href);
  const anchor = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (!anchor.current || !shouldPrefetch()) return;
    return prefetchOnSight(anchor.current, target, () => router.prefetch(target));
  }, [target, router]);
  return (
    <a
      ref={anchor}
      href={target}
      className={`${focusVisibleRing} ${className}`}
      onClick={(event) => {
        onClick?.(event);
        if (!isInAppClick(event)) return;
        event.preventDefault();
        router.push(target, { scroll });
      }}
      {...props}
    />
  );
}
