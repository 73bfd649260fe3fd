import 'server-only';
import { createHash, randomBytes } from 'node:crypto';

/** A session ends after 30 days without use. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/**
 * And 90 days after sign-in however much it is used: a stolen token stops
 * working in the end even when its thief keeps it busy.
 */
export const SESSION_LIFETIME_SECONDS = 90 * 24 * 60 * 60;

/** 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored; a stolen database holds no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
