import { call } from './api';
import * as listRoute from '@/app/api/v1/notifications/route';

export type ListedNotification = { id: string; seq: number; type: string; title: string; body: string; read: boolean; link: string; request_id: string | null };

/** The user's notifications as GET /notifications answers them (first page). */
export async function notificationsOf(token: string, locale: 'en' | 'ar' = 'en') {
  const response = await call(listRoute.GET, { token, locale });
  if (response.status !== 200) throw new Error(`list failed: ${response.status}`);
  return { items: response.json!.data as ListedNotification[], meta: response.json!.meta as { unread_count: number; total: number; page: number; per_page: number } };
}
