import type { ReactNode } from 'react';
import { PerRequest } from '@/components/security/per-request';

// Pages rendered per request, under a CSP nonce; the public pages beside this group are prerendered.
// Said here, not only found while rendering: a page the build takes for static and that turns dynamic at its first visit is an error.
export const dynamic = 'force-dynamic';

export default function PerRequestLayout({ children }: { children: ReactNode }) {
  return <PerRequest>{children}</PerRequest>;
}
