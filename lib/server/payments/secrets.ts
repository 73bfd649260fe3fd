import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { appSecrets } from '@/lib/server/db/schema';

/**
 * A secret the app makes once and keeps in the database, so that every
 * instance shares it and nothing needs configuring for the embedded defaults.
 * Two instances making it at once keep the first one written.
 */
export async function appSecret(name: string, make: () => string = () => randomBytes(32).toString('base64url')): Promise<string> {
  const db = await getDb();
  const [existing] = await db.select().from(appSecrets).where(eq(appSecrets.name, name)).limit(1);
  if (existing) return existing.value;
  await db.insert(appSecrets).values({ name, value: make() }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name)).limit(1);
  return row!.value;
}
