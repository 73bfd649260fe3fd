'use client';

import { lazy, Suspense } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { formatCount } from '@/lib/i18n/numbers';
import { useAuthStore, isSignedIn } from '@/lib/auth/auth-store';
import { useAuthHydrated } from '@/lib/auth/use-auth-hydrated';
import { Link } from '@/components/ui/link';
import { BellIcon } from '@/components/ui/icons';

// The live stream and the push renewal run only for signed-in users: public pages do not carry them.
// Rendered only in the browser (after the store is read): React.lazy is enough.
const LiveNotifications = lazy(() => import('@/components/notifications/live-notifications').then((m) => ({ default: m.LiveNotifications })));

/** The bell in the header, with the number of unread notifications from the store (kept live by the stream). */
export function UnreadBadge() {
  const t = useTranslations('Header');
  const tn = useTranslations('Notifications');
  const locale = useLocale();
  const hydrated = useAuthHydrated();
  const userData = useAuthStore((s) => s.userData);
  const unread = useAuthStore((s) => s.unreadNotifications);
  const count = useAuthStore((s) => s.unreadCount);
  if (!hydrated || !isSignedIn(userData)) return null;
  const shown = count > 99 ? '99+' : formatCount(count, locale);
  return (
    <>
      <Suspense fallback={null}>
        <LiveNotifications />
      </Suspense>
      <Link
        href="/notifications"
        aria-label={unread ? `${t('notifications')}: ${tn('badge', { count, shown })}` : t('notifications')}
        className="relative inline-flex rounded-md p-2 text-brand-800 hover:bg-brand-50"
      >
        <BellIcon />
        {unread && (
          <span
            data-testid="unread-count"
            className="absolute -end-1 -top-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-bold leading-none text-white"
          >
            {count > 0 ? shown : ''}
          </span>
        )}
      </Link>
    </>
  );
}
