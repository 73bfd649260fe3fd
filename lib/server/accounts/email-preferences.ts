import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { emailPreferences } from '@/lib/server/db/schema';
import type { EmailPreferences } from '@/lib/contract/accounts';

/** Which notification e-mails the user gets; account and security messages always go and have no switch. */
export async function readEmailPreferences(userId: string): Promise<EmailPreferences> {
  const db = await getDb();
  const [row] = await db.select().from(emailPreferences).where(eq(emailPreferences.userId, userId)).limit(1);
  return { requests: row?.requests ?? true, payments: row?.payments ?? true };
}

export async function saveEmailPreferences(userId: string, input: EmailPreferences): Promise<EmailPreferences> {
  const db = await getDb();
  await db
    .insert(emailPreferences)
    .values({ userId, ...input })
    .onConflictDoUpdate({ target: emailPreferences.userId, set: { ...input, updatedAt: sql`now()` } });
  return input;
}
