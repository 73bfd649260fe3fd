'use client';

import { useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { joinParts } from '@/lib/i18n/numbers';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '@/lib/notifications/notifications-api';
import type { NotificationItem } from '@/lib/contract/notifications';
import { Button } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
import { Pagination } from '@/components/requests/pagination';
import { useFormats } from '@/lib/i18n/use-formats';
import { NotificationsEmpty } from './notifications-empty';

function pageFrom(value: string | null) {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** /notifications: newest first, unread ones marked, a page at a time (the page kept in the address). */
export function NotificationsList() {
  const t = useTranslations('Notifications');
  const page = pageFrom(useSearchParams().get('page'));
  const { data, isPending, isError, refetch } = useNotifications(page);
  const markAll = useMarkAllNotificationsRead();
  const [status, setStatus] = useState('');
  const { number } = useFormats();

  if (isPending) return <div className="min-h-64" aria-busy="true" />;
  if (isError || !data) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-900">
        <p>{t('loadFailed')}</p>
        <Button variant="secondary" className="mt-3" onPress={() => void refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  if (data.meta.total === 0) return <NotificationsEmpty />;

  const totalPages = Math.max(1, Math.ceil(data.meta.total / data.meta.per_page));
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted">{data.meta.unread_count > 0 ? t('badge', { count: data.meta.unread_count, shown: number(data.meta.unread_count) }) : t('allRead')}</p>
        <Button
          variant="secondary"
          isDisabled={data.meta.unread_count === 0}
          isPending={markAll.isPending}
          onPress={() => markAll.mutate(undefined, { onSuccess: () => setStatus(t('allRead')) })}
        >
          {t('markAllRead')}
        </Button>
      </div>
      <p role="status" className="sr-only">
        {status}
      </p>
      <ul aria-label={t('listLabel')} className="grid gap-3">
        {data.data.map((item) => (
          <NotificationRow key={item.id} item={item} />
        ))}
      </ul>
      <Pagination page={page} totalPages={totalPages} hrefOf={(target) => (target > 1 ? `/notifications?page=${target}` : '/notifications')} />
    </div>
  );
}

function NotificationRow({ item }: { item: NotificationItem }) {
  const t = useTranslations('Notifications');
  const { moment } = useFormats();
  const markRead = useMarkNotificationRead();
  const locale = useLocale();
  const when = moment(item.created_at, { time: true });
  return (
    <li
      data-testid="notification"
      data-read={item.read}
      className={`relative rounded-xl border p-4 ${item.read ? 'border-slate-200 bg-white' : 'border-brand-700 border-s-4 bg-brand-50'}`}
    >
      <div className="flex items-start gap-3">
        {!item.read && <span aria-hidden="true" className="mt-2 size-2.5 shrink-0 rounded-full bg-brand-700" />}
        <div className="min-w-0 flex-1">
          <h2 className={`text-base ${item.read ? 'font-semibold' : 'font-bold'}`}>
            {/* Opening it marks it read; the page it leads to opens at once. */}
            <Link href={item.link} onClick={() => !item.read && markRead.mutate(item.id)} className="block underline-offset-4 hover:underline">
              {!item.read && <span className="sr-only">{t('unreadLabel')}: </span>}
              {item.title}
            </Link>
          </h2>
          <p className="mt-1 text-muted">{item.body}</p>
          <p className="mt-2 text-sm text-muted">
            <time dateTime={item.created_at}>
              {joinParts(locale, when.hijri, when.gregorian)}
            </time>
          </p>
          {item.deliveries.length > 0 && (
            <p data-testid="notification-deliveries" className="mt-1 text-sm text-muted">
              {t('deliveries', { list: item.deliveries.map((delivery) => t('delivery', delivery)).join(locale === 'ar' ? '؛ ' : '; ') })}
            </p>
          )}
        </div>
      </div>
    </li>
  );
}
