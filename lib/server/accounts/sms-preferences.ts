import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { smsPreferences } from '@/lib/server/db/schema';
import type { SmsPreferences } from '@/lib/contract/accounts';

type Row = typeof smsPreferences.$inferSelect;

const fromRow = (row: Row | undefined): SmsPreferences => ({
  place_offered: row?.placeOffered ?? true,
  opening_turn: row?.openingTurn ?? true,
  payment_due: row?.paymentDue ?? true,
  decision: row?.decision ?? true,
  changes_requested: row?.changesRequested ?? true,
});

/** Which notices go by text message too (all on until the pilgrim turns one off); only ever to a confirmed number. */
export async function readSmsPreferences(userId: string): Promise<SmsPreferences> {
  const db = await getDb();
  const [row] = await db.select().from(smsPreferences).where(eq(smsPreferences.userId, userId)).limit(1);
  return fromRow(row);
}

export async function saveSmsPreferences(userId: string, input: SmsPreferences): Promise<SmsPreferences> {
  const db = await getDb();
  const values = {
    placeOffered: input.place_offered,
    openingTurn: input.opening_turn,
    paymentDue: input.payment_due,
    decision: input.decision,
    changesRequested: input.changes_requested,
  };
  await db
    .insert(smsPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: smsPreferences.userId, set: { ...values, updatedAt: sql`now()` } });
  return input;
}
