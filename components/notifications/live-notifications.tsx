'use client';

import { useCallback, useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useNotificationStream } from '@/lib/notifications/use-notification-stream';
import type { NotificationItem } from '@/lib/contract/notifications';
import { renewPushIfDue } from '@/lib/push/push-client';
import { Providers } from '@/components/providers';

/**
 * For a signed-in tab: the live stream (badge, list, requests), a polite
 * announcement of each new notification for screen readers, and the weekly
 * renewal of this browser's push device.
 */
export function LiveNotifications() {
  // The header sits outside the pages' providers: this one shares their query client.
  return (
    <Providers>
      <LiveStream />
    </Providers>
  );
}

function LiveStream() {
  const t = useTranslations('Notifications');
  const [announcement, setAnnouncement] = useState('');
  const announce = useCallback((notification: NotificationItem) => setAnnouncement(t('newArrived', { title: notification.title })), [t]);
  useNotificationStream(announce);
  useEffect(() => {
    void renewPushIfDue();
  }, []);
  return (
    <span role="status" aria-live="polite" className="sr-only">
      {announcement}
    </span>
  );
}
