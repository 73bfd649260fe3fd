'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { useLeaveReserve } from '@/lib/requests/requests-api';
import { Button } from '@/components/ui/button';

/** Leaving the reserve list is one click (no confirmation): joining again is one click too, at the end of the list. */
export function LeaveReserve({ requestId }: { requestId: string }) {
  const t = useTranslations('Reserve');
  const leaveReserve = useLeaveReserve();
  const [outcome, setOutcome] = useState<'left' | 'failed' | null>(null);
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="secondary"
        isPending={leaveReserve.isPending}
        onPress={async () => {
          try {
            await leaveReserve.mutateAsync(requestId);
            setOutcome('left');
          } catch {
            setOutcome('failed');
          }
        }}
      >
        {leaveReserve.isPending ? t('leaving') : t('leave')}
      </Button>
      <p role="status" className="text-sm">
        {outcome === 'left' ? t('left') : outcome === 'failed' ? t('failed') : ''}
      </p>
    </div>
  );
}
