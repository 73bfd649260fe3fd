import 'server-only';
import webpush from 'web-push';
import { database, type Database } from '@/lib/server/db/client';
import { appSecret } from '@/lib/server/payments/secrets';

export type VapidKeys = { publicKey: string; privateKey: string };

const cache = new WeakMap<Database, Promise<VapidKeys>>();

/** The app's VAPID key pair: made at first start, kept in the database, the same on every instance. */
export async function vapidKeys(): Promise<VapidKeys> {
  const db = await database();
  let keys = cache.get(db);
  if (!keys) {
    keys = appSecret('vapid_keys', () => JSON.stringify(webpush.generateVAPIDKeys())).then((value) => JSON.parse(value) as VapidKeys);
    cache.set(db, keys);
    keys.catch(() => cache.delete(db));
  }
  return keys;
}
