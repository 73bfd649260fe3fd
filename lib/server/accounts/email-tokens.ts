import 'server-only';
import { createHash, randomInt } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import { emailTokens } from '@/lib/server/db/schema';
import { hashToken, newToken } from '@/lib/server/auth/tokens';

export type EmailTokenPurpose = 'verify_email' | 'change_email' | 'reset_password';
export type EmailToken = typeof emailTokens.$inferSelect;

const LIFETIME_SECONDS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 60 * 60,
  change_email: 24 * 60 * 60,
  reset_password: 30 * 60,
};

/** Bound to the account, so the same six digits of two accounts never hash alike. */
export function hashCode(userId: string, code: string): string {
  return createHash('sha256').update(`${userId}:${code}`).digest('hex');
}

/**
 * A new single-use link (256 random bits) and, for verification, a 6-digit
 * code; only their hashes are stored. Answers the secrets, which go into the
 * e-mail and nowhere else.
 */
export async function issueEmailToken(tx: Db, input: { userId: string; purpose: EmailTokenPurpose; email: string }) {
  const token = newToken();
  const code = input.purpose === 'reset_password' ? null : String(randomInt(0, 1_000_000)).padStart(6, '0');
  await tx.insert(emailTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    email: input.email,
    tokenHash: hashToken(token),
    codeHash: code ? hashCode(input.userId, code) : null,
    expiresAt: sql`now() + make_interval(secs => ${LIFETIME_SECONDS[input.purpose]})`,
  });
  return { token, code };
}

const live = and(isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, sql`now()`));

/**
 * Uses a link once: marks it used and answers it, in the caller's transaction,
 * or answers nothing when it is unknown, used, expired or for another purpose.
 * The update's row lock makes two clicks at once use it only once.
 */
export async function consumeToken(tx: Db, token: string, purposes: EmailTokenPurpose[]): Promise<EmailToken | undefined> {
  const [row] = await tx
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), live, sql`${emailTokens.purpose} in ${purposes}`))
    .returning();
  return row;
}

/** The same for a typed code, which only its own account (the signed-in one) can use. */
export async function consumeCode(tx: Db, userId: string, code: string, purposes: EmailTokenPurpose[]): Promise<EmailToken | undefined> {
  const [row] = await tx
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.codeHash, hashCode(userId, code)), live, sql`${emailTokens.purpose} in ${purposes}`))
    .returning();
  return row;
}

/** Once one link of a kind worked, the account's other links of that kind stop working. */
export async function retireTokens(tx: Db, userId: string, purposes: EmailTokenPurpose[]) {
  await tx
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.userId, userId), isNull(emailTokens.usedAt), sql`${emailTokens.purpose} in ${purposes}`));
}

/** Housekeeping: links that ended a day ago. */
export async function purgeEndedEmailTokens() {
  const db = await getDb();
  await db.delete(emailTokens).where(sql`${emailTokens.expiresAt} < now() - interval '1 day'`);
}
