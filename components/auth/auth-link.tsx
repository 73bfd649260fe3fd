'use client';

import { Suspense, type ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { useAskedPath } from './use-asked-path';

type Props = { to: 'login' | 'register'; className?: string; children: ReactNode; /** Where to come back to when no page was asked for (e.g. the page the header is on). */ here?: string };

/**
 * A link to sign in or create an account that keeps the way back: the page
 * the visitor asked for (`?next=` of this page), else `here`. After signing
 * in or registering, the user lands there (docs/NEXT-STEPS.md).
 */
export function AuthLink(props: Props) {
  // Reading the address needs a Suspense boundary on a prerendered page: until then, the link without the way back.
  return (
    <Suspense fallback={<Plain {...props} next={props.here ?? null} />}>
      <WithAskedPath {...props} />
    </Suspense>
  );
}

function WithAskedPath(props: Props) {
  const asked = useAskedPath();
  return <Plain {...props} next={asked ?? props.here ?? null} />;
}

function Plain({ to, className, children, next }: Props & { next: string | null }) {
  return (
    <Link href={next ? `/auth/${to}?next=${encodeURIComponent(next)}` : `/auth/${to}`} className={className}>
      {children}
    </Link>
  );
}
