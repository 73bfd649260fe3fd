'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { useJoinReserve } from '@/lib/requests/requests-api';
import { ApiClientError } from '@/lib/api-client';
import { useRouter } from '@/i18n/navigation';
import { Button } from '@/components/ui/button';

/**
 * Beside a sold_out refusal: the way to wait for places instead of choosing
 * another package. Joined, the pilgrim sees the request's page with its position.
 * Joining checks the answers as sending does (sold_out is said before them):
 * `onInvalid` gets a 422, for the page's error summary to name each answer.
 */
export function JoinReserve({
  requestId,
  onInvalid,
  beforeJoin,
}: {
  requestId: string;
  onInvalid?: (error: ApiClientError) => void;
  /** Saves what is typed first (check answers' declaration, ticked a moment ago): joining checks the saved answers. */
  beforeJoin?: () => Promise<unknown>;
}) {
  const t = useTranslations('Reserve');
  const joinReserve = useJoinReserve();
  const router = useRouter();
  const [failed, setFailed] = useState(false);
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-violet-200 bg-violet-50 p-4" data-testid="join-reserve">
      <p>{t('joinLead')}</p>
      <div>
        <Button
          variant="secondary"
          isPending={joinReserve.isPending}
          onPress={async () => {
            setFailed(false);
            try {
              await beforeJoin?.();
              await joinReserve.mutateAsync(requestId);
              router.push(`/profile/requests/details/${requestId}`);
            } catch (error) {
              if (onInvalid && error instanceof ApiClientError && error.status === 422) onInvalid(error);
              else setFailed(true);
            }
          }}
        >
          {joinReserve.isPending ? t('joining') : t('join')}
        </Button>
      </div>
      {failed && <p role="alert" className="text-sm text-red-800">{t('failed')}</p>}
    </div>
  );
}
