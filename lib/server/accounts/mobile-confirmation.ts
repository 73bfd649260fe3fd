import 'server-only';
import { createHash, randomInt } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { isAppLocale, type AppLocale } from '@/i18n/routing';
import { getDb } from '@/lib/server/db/client';
import { mobileCodes, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import { counters } from '@/lib/server/auth/rate-limit';
import type { Session } from '@/lib/server/auth/session-types';
import { accountChanged } from '@/lib/server/auth/session-cache';
import { translatorFor } from '@/lib/i18n/translator';
import { pageDigits } from '@/lib/i18n/numbers';
import { enqueueSms } from '@/lib/server/sms/outbox';
import { wakeSmsSender } from '@/lib/server/sms/wake';
import type { Translate } from '@/lib/validation/localize';
import type { PublicUser } from '@/lib/contract/accounts';
import { publicUser } from './public-user';

// A 6-digit code is a million guesses: it lives 10 minutes, only the newest is live (one row per account), and it
// dies after 5 typed codes. Codes sent: 3 an hour per account and 3 an hour per number (whoever asks for it), so
// nobody can make the portal text a stranger's phone all day. Typed codes: 5 per account per 15 minutes.
export const MOBILE_CODE_MINUTES = 10;
const CODE_MAX_TRIES = 5;
const SEND_WINDOW_SECONDS = 60 * 60;
const SENDS_PER_ACCOUNT = 3;
const SENDS_PER_NUMBER = 3;
const TRY_WINDOW_SECONDS = 15 * 60;
const TRIES_PER_ACCOUNT = 5;

/** Bound to the account and the number, so a code for one number never confirms another. */
export function hashMobileCode(userId: string, phone: string, code: string): string {
  return createHash('sha256').update(`${userId}:${phone}:${code}`).digest('hex');
}

/** The rate-limit key of a number: its hash, so the counters hold no phone number. */
const numberKey = (phone: string) => createHash('sha256').update(phone).digest('hex').slice(0, 32);

/** Counts before acting (as sign-in does): of many at once, only the limit get through; 429 with the minutes to wait. */
async function spend(key: string, max: number, windowSeconds: number, messageKey: string) {
  const count = await counters().hit(key, windowSeconds);
  if (count.count > max) {
    await counters().unhit(key);
    throw new ApiError('too_many_requests', {
      messageKey,
      headers: { 'Retry-After': String(count.resetInSeconds) },
      values: { minutes: Math.ceil(count.resetInSeconds / 60) },
    });
  }
}

export type MobileCodeSent = { phone: string; mobile_confirmed: false; code_expires_at: string };

/**
 * POST /me/mobile: makes `phone` (E.164) the account's mobile number, unconfirmed when it is another than the one it
 * had, and texts it a new code (the last one dies). A number already confirmed: 409, nothing sent.
 */
export async function sendMobileCode(session: Session, phone: string): Promise<MobileCodeSent> {
  const user = session.user;
  if (user.phone === phone && user.phoneConfirmedAt) throw new ApiError('conflict', { messageKey: 'mobile_already_confirmed' });
  await spend(`mobile-send:account:${user.id}`, SENDS_PER_ACCOUNT, SEND_WINDOW_SECONDS, 'mobile_code_limit');
  await spend(`mobile-send:number:${numberKey(phone)}`, SENDS_PER_NUMBER, SEND_WINDOW_SECONDS, 'mobile_code_limit');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const db = await getDb();
  const expiresAt = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, user.id)).limit(1).for('update');
    if (!current) throw new ApiError('unauthenticated');
    if (current.phone !== phone) {
      // A changed number is confirmed again: the old confirmation was of another phone.
      await tx.update(users).set({ phone, phoneConfirmedAt: null, updatedAt: sql`now()` }).where(eq(users.id, user.id));
      await accountChanged(tx, user.id);
    }
    const [row] = await tx
      .insert(mobileCodes)
      .values({ userId: user.id, phone, codeHash: hashMobileCode(user.id, phone, code), expiresAt: sql`now() + make_interval(mins => ${MOBILE_CODE_MINUTES})` })
      .onConflictDoUpdate({
        target: mobileCodes.userId,
        set: { phone, codeHash: hashMobileCode(user.id, phone, code), tries: 0, createdAt: sql`now()`, expiresAt: sql`now() + make_interval(mins => ${MOBILE_CODE_MINUTES})` },
      })
      .returning({ expiresAt: mobileCodes.expiresAt });
    const locale: AppLocale = isAppLocale(current.locale) ? current.locale : 'ar';
    const queued = await enqueueSms(tx, { userId: user.id, kind: 'mobile_code', to: phone, text: mobileCodeText(locale, code) });
    // The number's own limit (20 messages an hour) is spent: nothing changes, and the pilgrim is told to wait.
    if ('skipped' in queued) throw new ApiError('too_many_requests', { messageKey: 'mobile_code_limit', headers: { 'Retry-After': '3600' }, values: { minutes: 60 } });
    return row!.expiresAt;
  });
  wakeSmsSender();
  return { phone, mobile_confirmed: false, code_expires_at: expiresAt.toISOString() };
}

/** The code's text, in the reader's digits as the e-mail's code is (the form takes either style). */
export function mobileCodeText(locale: AppLocale, code: string): string {
  return translatorFor(locale)('Sms.mobileCode', { code: pageDigits(code, locale), minutes: pageDigits(String(MOBILE_CODE_MINUTES), locale) });
}

/**
 * POST /me/mobile/confirm: the code texted to the account's current number confirms it; wrong, expired, used up,
 * or sent to a number the account no longer has: 422 `mobile_code_invalid`.
 */
export async function confirmMobileCode(session: Session, code: string, t: Translate): Promise<PublicUser> {
  const userId = session.user.id;
  await spend(`mobile-try:account:${userId}`, TRIES_PER_ACCOUNT, TRY_WINDOW_SECONDS, 'too_many_requests');
  const db = await getDb();
  // Counted in its own statement, committed whatever the check finds: of many guesses at once, each code sees at most 5.
  await db
    .update(mobileCodes)
    .set({ tries: sql`${mobileCodes.tries} + 1` })
    .where(eq(mobileCodes.userId, userId));
  const user = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, userId)).limit(1).for('update');
    const phone = current?.phone;
    const [used] = phone
      ? await tx
          .delete(mobileCodes)
          .where(
            and(
              eq(mobileCodes.userId, userId),
              eq(mobileCodes.phone, phone),
              eq(mobileCodes.codeHash, hashMobileCode(userId, phone, code)),
              gt(mobileCodes.expiresAt, sql`now()`),
              sql`${mobileCodes.tries} <= ${CODE_MAX_TRIES}`,
            ),
          )
          .returning({ phone: mobileCodes.phone })
      : [];
    if (!used) return null;
    const [confirmed] = await tx.update(users).set({ phoneConfirmedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(users.id, userId)).returning();
    await accountChanged(tx, userId);
    return confirmed!;
  });
  if (!user) throw new ApiError('validation_failed', { messageKey: 'mobile_code_invalid', fields: { code: [t('ApiErrors.mobile_code_invalid')] } });
  await counters().reset(`mobile-try:account:${userId}`);
  return publicUser(user);
}
