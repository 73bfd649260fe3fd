'use client';

import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useAuthStore, isSignedIn } from '@/lib/auth/auth-store';
import { useAuthHydrated } from '@/lib/auth/use-auth-hydrated';
import type { HomeVisitor } from './visitor';

// The latest draft is asked of the API only for a signed-in visitor, in code
// loaded only then: the home page is one prerendered copy for everyone, and
// most of its visitors are signed out (they load no query client).
const SignedInVisitor = lazy(() => import('./signed-in-visitor').then((m) => ({ default: m.SignedInVisitor })));

/**
 * The home page's visitor, from the client store after load: the prerendered
 * page shows the signed-out version, and a signed-in visitor's version
 * replaces it in the same place once the store (and then the latest draft) is read.
 */
export function WithHomeVisitor({ render }: { render: (visitor: HomeVisitor) => ReactNode }) {
  const hydrated = useAuthHydrated();
  const signedIn = useAuthStore((s) => isSignedIn(s.userData));
  // The same element each time for a signed-out visitor, so that the render
  // when the session settles (synchronous, right after hydration) stops here
  // instead of rendering the buttons again, unchanged (issue 38).
  const signedOut = useMemo(() => render({ signedIn: false }), [render]);
  if (!hydrated || !signedIn) return signedOut;
  const withoutDraft = render({ signedIn: true, draftId: null });
  return (
    <Suspense fallback={withoutDraft}>
      <SignedInVisitor render={render} />
    </Suspense>
  );
}
