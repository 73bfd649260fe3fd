'use client';

import { useFocusOnMount } from '@/components/ui/use-focus-on-mount';

/** A confirmation's heading takes focus when it opens: the button that opened it is gone (proposing or approving a refund). */
export function ConfirmTitle({ id, children }: { id: string; children: string }) {
  const ref = useFocusOnMount<HTMLHeadingElement>();
  return (
    <h3 id={id} className="font-bold" tabIndex={-1} ref={ref}>
      {children}
    </h3>
  );
}
