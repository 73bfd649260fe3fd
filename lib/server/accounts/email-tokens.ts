import 'server-only';
import { createHash, randomInt } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
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

// A 6-digit code is a million guesses, not 2^256: it lives 30 minutes (its
// link keeps its own lifetime), only the newest code of a purpose is live, and
// it dies after 5 typed codes checked against it. With the per-account limit
// (5 wrong codes in 15 minutes) and the resends' (3 an hour), a guesser gets at
// most 5 tries per code, and about 20 an hour: odds of 1 in 50,000 an hour.
export const CODE_LIFETIME_MINUTES = 30;
export const CODE_MAX_TRIES = 5;

/** Bound to the account, so the same six digits of two accounts never hash alike. */
export function hashCode(userId: string, code: string): string {
  return createHash('sha256').update(`${userId}:${code}`).digest('hex');
}

/**
 * A new single-use link (256 random bits) and, for verification, a 6-digit
 * code; only their hashes are stored. Answers the secrets, which go into the
 * e-mail and nowhere else. The account's earlier codes of the purpose are
 * retired (their links still work until they expire or one is used).
 */
export async function issueEmailToken(tx: Db, input: { userId: string; purpose: EmailTokenPurpose; email: string }) {
  const token = newToken();
  const code = input.purpose === 'reset_password' ? null : String(randomInt(0, 1_000_000)).padStart(6, '0');
  if (code) {
    await tx
      .update(emailTokens)
      .set({ codeHash: null })
      .where(and(eq(emailTokens.userId, input.userId), eq(emailTokens.purpose, input.purpose), isNotNull(emailTokens.codeHash)));
  }
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

/** A code still to be typed: not retired, within its 30 minutes (and its link's lifetime), tries left. */
const liveCode = and(
  live,
  isNotNull(emailTokens.codeHash),
  gt(emailTokens.createdAt, sql`now() - make_interval(mins => ${CODE_LIFETIME_MINUTES})`),
  lte(emailTokens.codeTries, CODE_MAX_TRIES),
);

/**
 * Counts a typed code against each live code of the account for these
 * purposes, before any is checked, in its own statement (committed whatever
 * the check finds): of many guesses at once, each code sees at most 5.
 */
export async function countCodeTry(db: Db, userId: string, purposes: EmailTokenPurpose[]) {
  await db
    .update(emailTokens)
    .set({ codeTries: sql`${emailTokens.codeTries} + 1` })
    .where(and(eq(emailTokens.userId, userId), liveCode, sql`${emailTokens.purpose} in ${purposes}`));
}

/** The same for a typed code, which only its own account (the signed-in one) can use; count it first (countCodeTry). */
export async function consumeCode(tx: Db, userId: string, code: string, purposes: EmailTokenPurpose[]): Promise<EmailToken | undefined> {
  const [row] = await tx
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.codeHash, hashCode(userId, code)), liveCode, sql`${emailTokens.purpose} in ${purposes}`))
    .returning();
  return row;
}

/**
 * Whether a code that did not work was one of the account's codes once (used, retired by a newer one, or expired):
 * said so, "ask for a new e-mail". Otherwise it was mistyped, and is said to be not right (issue 63, item 9).
 */
export async function codeWasIssued(tx: Db, userId: string, code: string, purposes: EmailTokenPurpose[]): Promise<boolean> {
  const [row] = await tx
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.codeHash, hashCode(userId, code)), sql`${emailTokens.purpose} in ${purposes}`))
    .limit(1);
  return row !== undefined;
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
