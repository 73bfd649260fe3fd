'use client';

import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { API_BASE_URL } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth/auth-store';
import { notificationKeys } from './notifications-api';
import type { NotificationItem } from '@/lib/contract/notifications';

/**
 * Keeps the badge, the notification list and the requests up to date while a
 * tab is open: GET /notifications/stream as server-sent events (the session
 * cookie authenticates it; the browser reconnects by itself, sending
 * Last-Event-ID so nothing is missed).
 */
export function useNotificationStream(onNotification?: (notification: NotificationItem) => void) {
  const queryClient = useQueryClient();
  const setUnreadCount = useAuthStore((s) => s.setUnreadCount);
  const userId = useAuthStore((s) => s.userData?.id);
  // Kept in a ref: a new callback must not reopen the stream (each opening sends the count again).
  const callback = useRef(onNotification);
  useEffect(() => {
    callback.current = onNotification;
  }, [onNotification]);

  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    const source = new EventSource(`${API_BASE_URL}/notifications/stream`, { withCredentials: true });
    source.addEventListener('unread', (event) => {
      setUnreadCount((JSON.parse(event.data) as { unread_count: number }).unread_count);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    });
    source.addEventListener('notification', (event) => {
      const { notification, unread_count } = JSON.parse(event.data) as { notification: NotificationItem; unread_count: number };
      setUnreadCount(unread_count);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      // A status may have changed: the lists and details refetch.
      if (notification.request_id) void queryClient.invalidateQueries({ queryKey: ['requests'] });
      callback.current?.(notification);
    });
    // The session ended elsewhere: stop; the next API call signs this tab out.
    source.addEventListener('signed_out', () => source.close());
    return () => source.close();
  }, [userId, queryClient, setUnreadCount]);
}
