'use client';

import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useRequest } from '@/lib/requests/requests-api';
import { Link } from '@/components/ui/link';
import { ChevronBackIcon } from '@/components/ui/icons';
import { AfterApproval } from './after-approval';
import { RequestAnswers } from './request-answers';
import { RequestDocuments } from './request-documents';
import { RequestFee } from './request-fee';
import { requestLoadState } from './request-load-state';
import { RequestOverview } from './request-overview';
import { RequestTimeline } from './request-timeline';

/** Everything about one of the user's requests; another user's request is simply not there (404). */
export function RequestDetailsView({ id }: { id: string }) {
  const t = useTranslations('RequestDetails');
  const request = useRequest(id);
  const [cancelled, setCancelled] = useState(false);
  const notice = useRef<HTMLParagraphElement>(null);

  // The cancel button is gone once the request is cancelled: focus moves to the notice instead.
  useEffect(() => {
    if (!cancelled) return;
    const frame = requestAnimationFrame(() => notice.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [cancelled]);

  const waiting = requestLoadState(request, { loading: t('loading'), title: t('error.title'), body: t('error.body'), retry: t('error.retry') });
  if (waiting || !request.data) return waiting;
  const data = request.data;
  return (
    <div className="max-w-4xl space-y-6">
      <Link href="/profile/requests" className="inline-flex items-center gap-1 rounded-md font-semibold text-brand-800 underline underline-offset-4">
        <ChevronBackIcon />
        {t('back')}
      </Link>
      <p
        ref={notice}
        tabIndex={-1}
        role="status"
        className={cancelled ? 'rounded-lg bg-emerald-50 p-3 font-semibold text-emerald-900 outline-none focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink focus-visible:ring-3 focus-visible:ring-white' : 'sr-only'}
      >
        {cancelled ? t('cancel.done') : ''}
      </p>
      <RequestOverview request={data} onCancelled={() => setCancelled(true)} />
      <AfterApproval request={data} />
      <RequestFee request={data} />
      <RequestAnswers request={data} withInvitations />
      <RequestDocuments request={data} />
      <RequestTimeline history={data.history} />
    </div>
  );
}
