'use client';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth/auth-store';
import type { AllNotificationsRead, NotificationRead, NotificationsPage } from '@/lib/contract/notifications';

// The notifications' data access: fetchers, query keys and hooks in one place.

export const notificationKeys = {
  all: ['notifications'] as const,
  page: (page: number) => ['notifications', 'page', page] as const,
};

export function fetchNotifications(page: number) {
  return apiRequest<NotificationsPage>(`/notifications?page=${page}`);
}

/** A page of the user's notifications; the badge follows the unread count that comes with it. */
export function useNotifications(page: number) {
  const setUnreadCount = useAuthStore((s) => s.setUnreadCount);
  return useQuery({
    queryKey: notificationKeys.page(page),
    queryFn: async () => {
      const result = await fetchNotifications(page);
      setUnreadCount(result.meta.unread_count);
      return result;
    },
    placeholderData: keepPreviousData,
  });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  const setUnreadCount = useAuthStore((s) => s.setUnreadCount);
  return useMutation({
    mutationFn: (id: string) => apiRequest<NotificationRead>(`/notifications/${id}/read`, { method: 'POST', body: {} }),
    onSuccess: (result) => {
      setUnreadCount(result.meta.unread_count);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  const setUnreadCount = useAuthStore((s) => s.setUnreadCount);
  return useMutation({
    mutationFn: () => apiRequest<AllNotificationsRead>('/notifications/read-all', { method: 'POST', body: {} }),
    onSuccess: (result) => {
      setUnreadCount(result.meta.unread_count);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
