'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/components/ui/link';

/** Above both lists: the other list, and starting an application. */
export function ListActions({ other }: { other: 'requests' | 'drafts' }) {
  const titles = useTranslations('Titles');
  const requests = useTranslations('Requests');
  return (
    <div className="flex flex-wrap items-center justify-end gap-3">
      <Link href={other === 'drafts' ? '/profile/requests/drafts' : '/profile/requests'} className="rounded-lg border border-brand-700 bg-white px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50">
        {titles(other)}
      </Link>
      <Link href="/profile/requests/create" className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
        {requests('start')}
      </Link>
    </div>
  );
}
