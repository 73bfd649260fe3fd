import 'server-only';
import { createHash } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { pushDevices } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import type { RegisterDevice } from '@/lib/push/schemas';
import type { ListedPushDevice, PushDevice } from '@/lib/contract/notifications';
import { describeUserAgent } from '@/lib/server/devices/user-agent';
import type { Translate } from '@/lib/validation/localize';
import { isAllowedPushEndpoint } from './endpoints';

type DeviceRow = typeof pushDevices.$inferSelect;

function publicDevice(row: DeviceRow): PushDevice {
  return { token: row.token, provider: row.provider as PushDevice['provider'], renewed_at: row.renewedAt.toISOString() };
}

/** A Web Push subscription is named by a hash of its endpoint: the same browser always gets the same token. */
export function webPushToken(endpoint: string) {
  return `wp_${createHash('sha256').update(endpoint).digest('base64url')}`;
}

/**
 * POST /devices. The same browser registering again updates the one row
 * instead of adding a second. A token or subscription that another account
 * registered is refused with 409 and left as it is: taking it over would
 * send that account's messages to whoever knows the token. (A browser that
 * changes account is released at logout, or gets a new subscription: see
 * lib/push/push-client.ts.)
 */
export async function registerDevice(userId: string, input: RegisterDevice, t: Translate, userAgent: string | null = null): Promise<PushDevice> {
  const values =
    input.provider === 'webpush'
      ? {
          token: webPushToken(input.subscription.endpoint),
          provider: 'webpush',
          endpoint: input.subscription.endpoint,
          p256dh: input.subscription.keys.p256dh,
          auth: input.subscription.keys.auth,
        }
      : { token: input.token, provider: 'fcm', endpoint: null, p256dh: null, auth: null };
  if (values.endpoint && !isAllowedPushEndpoint(values.endpoint)) {
    throw new ApiError('validation_failed', { fields: { 'subscription.endpoint': [t('ApiErrors.push_endpoint_refused')] } });
  }
  const db = await getDb();
  const [row] = await db
    .insert(pushDevices)
    .values({ ...values, userId, userAgent })
    .onConflictDoUpdate({
      target: pushDevices.token,
      set: { p256dh: values.p256dh, auth: values.auth, userAgent, renewedAt: sql`now()` },
      // Only the caller's own device is renewed; someone else's row is not touched (no row comes back).
      setWhere: eq(pushDevices.userId, userId),
    })
    .returning();
  if (!row) throw new ApiError('conflict', { messageKey: 'device_taken' });
  return publicDevice(row);
}

/** GET /devices: the browsers that receive the user's push messages, the most recently renewed first. */
export async function listDevices(userId: string): Promise<ListedPushDevice[]> {
  const db = await getDb();
  const rows = await db.select().from(pushDevices).where(eq(pushDevices.userId, userId)).orderBy(desc(pushDevices.renewedAt));
  return rows.map((row) => ({
    ...publicDevice(row),
    ...describeUserAgent(row.userAgent),
    created_at: row.createdAt.toISOString(),
  }));
}

/** PATCH /devices/{token}: the weekly renewal; only the owner's device, otherwise 404. */
export async function renewDevice(userId: string, token: string, keys: { p256dh: string; auth: string } | undefined): Promise<PushDevice> {
  const db = await getDb();
  const [row] = await db
    .update(pushDevices)
    .set({ renewedAt: sql`now()`, ...(keys ? { p256dh: keys.p256dh, auth: keys.auth } : {}) })
    .where(and(eq(pushDevices.token, token), eq(pushDevices.userId, userId)))
    .returning();
  if (!row) throw new ApiError('not_found');
  return publicDevice(row);
}

/** DELETE /devices/{token}: only the owner's device, otherwise 404. */
export async function removeDevice(userId: string, token: string) {
  const db = await getDb();
  const removed = await db
    .delete(pushDevices)
    .where(and(eq(pushDevices.token, token), eq(pushDevices.userId, userId)))
    .returning({ token: pushDevices.token });
  if (removed.length === 0) throw new ApiError('not_found');
}

/** At logout: the device named by the body stops receiving this user's messages (silently if unknown). */
export async function forgetDeviceAtLogout(userId: string, token: string | undefined) {
  if (!token) return;
  const db = await getDb();
  await db.delete(pushDevices).where(and(eq(pushDevices.token, token), eq(pushDevices.userId, userId)));
}
