import 'server-only';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppLocale } from '@/i18n/routing';
import { getDb, type Db } from '@/lib/server/db/client';
import { preparedPer } from '@/lib/server/db/prepared';
import { notifications } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import { publish } from '@/lib/server/events/events';
import { renderNotification } from './render';
import { deliveriesOf } from './deliveries';
import type { AllNotificationsRead, NotificationItem, NotificationsPage } from '@/lib/contract/notifications';

export const NOTIFICATIONS_PER_PAGE = 20;

export async function unreadCount(userId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/**
 * One page of a user's notifications, newest first, with their total and the
 * unread count, in one statement: every signed-in page asks for it (the badge).
 */
const notificationsPage = preparedPer((db) =>
  db
    .select({
      notification: notifications,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      unread: sql<number>`count(*) filter (where ${notifications.readAt} is null) over ()`.mapWith(Number),
    })
    .from(notifications)
    .where(eq(notifications.userId, sql.placeholder('userId')))
    .orderBy(desc(notifications.seq))
    .limit(NOTIFICATIONS_PER_PAGE)
    .offset(sql.placeholder('offset'))
    .prepare('notifications_page'),
);

/** GET /notifications: newest first, with the unread count for the badge. */
export async function listNotifications(userId: string, page: number, locale: AppLocale): Promise<{ items: NotificationItem[]; meta: NotificationsPage['meta'] }> {
  const db = await getDb();
  const rows = await notificationsPage(db).execute({ userId, offset: (page - 1) * NOTIFICATIONS_PER_PAGE });
  // A page past the end has no row to carry the counts: count apart.
  const counts = rows[0] ?? (page === 1 ? { total: 0, unread: 0 } : await countsOf(db, userId));
  const deliveries = await deliveriesOf(db, rows.map(({ notification }) => notification.id));
  return {
    items: rows.map(({ notification }) => renderNotification(notification, locale, deliveries.get(notification.id) ?? [])),
    meta: { page, per_page: NOTIFICATIONS_PER_PAGE, total: counts.total, unread_count: counts.unread },
  };
}

async function countsOf(db: Db, userId: string) {
  const [[total], unread] = await Promise.all([db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)), unreadCount(userId)]);
  return { total: total?.n ?? 0, unread };
}

/** The user's notifications after `seq`, oldest first: what a reconnecting stream missed. */
export async function notificationsAfter(userId: string, seq: number, limit = 50) {
  const db = await getDb();
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), gt(notifications.seq, seq)))
    .orderBy(notifications.seq)
    .limit(limit);
}

export async function latestSeq(userId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ seq: sql<number>`coalesce(max(${notifications.seq}), 0)`.mapWith(Number) })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return row?.seq ?? 0;
}

/** POST /notifications/{id}/read: only the owner's; another user's is a 404. */
export async function markRead(userId: string, id: string, locale: AppLocale): Promise<{ item: NotificationItem; unread_count: number }> {
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning();
    if (!updated) throw new ApiError('not_found');
    await publish(tx, { k: 'read', u: userId });
    return updated;
  });
  return { item: renderNotification(row, locale), unread_count: await unreadCount(userId) };
}

/** POST /notifications/read-all */
export async function markAllRead(userId: string): Promise<AllNotificationsRead['data'] & AllNotificationsRead['meta']> {
  const db = await getDb();
  const marked = await db.transaction(async (tx) => {
    const rows = await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    await publish(tx, { k: 'read', u: userId });
    return rows.length;
  });
  return { marked, unread_count: await unreadCount(userId) };
}
