'use client';

import { useTranslations } from 'next-intl';
import { STATUS_BADGE, type RequestStatus } from '@/lib/requests/statuses';

/** The plain-language status; the colour only repeats what the words say. */
export function StatusBadge({ status }: { status: RequestStatus }) {
  const t = useTranslations('RequestStatus');
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-md px-2 py-0.5 text-sm font-semibold ${STATUS_BADGE[status]}`}>
      <span className="size-2 shrink-0 rounded-full bg-current opacity-70" aria-hidden="true" />
      {t(status)}
    </span>
  );
}
