'use client';

import { useTranslations } from 'next-intl';
import { useAuthStore, isSignedIn } from '@/lib/auth/auth-store';
import { useAuthHydrated } from '@/lib/auth/use-auth-hydrated';
import { Link } from '@/components/ui/link';
import { BellIcon } from '@/components/ui/icons';

/** The bell in the header; a dot when `unreadNotifications` is set in the store. */
export function UnreadBadge() {
  const t = useTranslations('Header');
  const hydrated = useAuthHydrated();
  const userData = useAuthStore((s) => s.userData);
  const unread = useAuthStore((s) => s.unreadNotifications);
  if (!hydrated || !isSignedIn(userData)) return null;
  return (
    <Link
      href="/notifications"
      aria-label={unread ? t('notificationsUnread') : t('notifications')}
      className="relative inline-flex rounded-md p-2 text-brand-800 hover:bg-brand-50"
    >
      <BellIcon />
      {unread && <span data-testid="unread-dot" className="absolute end-1.5 top-1.5 size-2.5 rounded-full bg-red-600" />}
    </Link>
  );
}
