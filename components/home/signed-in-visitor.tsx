'use client';

import type { ReactNode } from 'react';
import { Providers } from '@/components/providers';
import { useNeedsDoing } from '@/lib/requests/requests-api';
import type { HomeVisitor } from './visitor';

type Props = { render: (visitor: HomeVisitor) => ReactNode };

/** A signed-in visitor with their latest draft (GET /me/needs-doing lists drafts last saved first). */
export function SignedInVisitor(props: Props) {
  return (
    <Providers>
      <LatestDraft {...props} />
    </Providers>
  );
}

function LatestDraft({ render }: Props) {
  const draftId = useNeedsDoing().data?.drafts[0]?.id ?? null;
  return render({ signedIn: true, draftId });
}
