import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { appSecrets } from '@/lib/server/db/schema';

/**
 * A secret the app makes once and keeps in the database, so that every
 * instance shares it and nothing needs configuring for the embedded defaults.
 */
export async function appSecret(name: string): Promise<string> {
  const db = await getDb();
  await db.insert(appSecrets).values({ name, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name)).limit(1);
  return row!.value;
}
