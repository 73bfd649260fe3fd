import { z } from '@/lib/validation/z';
import { emailPreferencesSchema } from '@/lib/auth/recovery-schemas';
import { timestamp, uuid } from './common';

// The pilgrim's account: the user, signing in, the sessions, Google and the e-mail preferences.

/** The user as the API shows it: never the password hash. */
export const publicUser = z.object({
  id: uuid,
  name: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  phone: z.string().nullable().describe('The mobile number, E.164'),
  mobile_confirmed: z.boolean().describe('Whether the mobile number was confirmed with a code texted to it (POST /me/mobile, /me/mobile/confirm)'),
  locale: z.enum(['en', 'ar']),
  created_at: timestamp,
});
export type PublicUser = z.infer<typeof publicUser>;

export const signedIn = z.object({ data: publicUser, token: z.string().describe('The bearer token; the response also sets the session cookie') });
export type SignedIn = z.infer<typeof signedIn>;

/** A signed-in session as GET /me/sessions lists it ("your devices"): never its token, nor the raw User-Agent. */
export const accountSession = z.object({
  id: uuid,
  browser: z.string().nullable(),
  system: z.string().nullable(),
  created_at: timestamp,
  last_used_at: timestamp,
  current: z.boolean().describe('The session this call was made with'),
});
export type AccountSession = z.infer<typeof accountSession>;

/** When this session ends unless used (GET /me/sessions/current) or renewed (POST /me/sessions/renew). */
export const sessionEnd = z.object({
  id: uuid,
  ends_at: timestamp.describe('30 days after the last use or 90 days after sign-in, whichever is first'),
  seconds_left: z.number().int().min(0).describe('From the server’s clock: what a page counts down from, whatever the browser’s clock says'),
});
export type SessionEnd = z.infer<typeof sessionEnd>;

export const renewedSession = z.object({ data: sessionEnd, token: z.string().describe('The new bearer token; the old one no longer works, and the response sets the session cookie to the new one') });
export type RenewedSession = z.infer<typeof renewedSession>;

/** What the Google sign-in popup needs (public by design). */
export const firebaseClientConfig = z.object({ apiKey: z.string(), authDomain: z.string(), projectId: z.string(), appId: z.string() });
export type FirebaseClientConfig = z.infer<typeof firebaseClientConfig>;

export const googleLink = z.object({
  linked: z.boolean(),
  has_password: z.boolean().describe('False for an account made by Google sign-in that has not set a password yet'),
  config: firebaseClientConfig.nullable().describe('The sign-in popup’s settings; null when Google sign-in is not configured'),
});
export type GoogleLink = z.infer<typeof googleLink>;

/** POST /me/email: the new address, pending until its link is followed. */
export const pendingEmail = z.object({ pending_email: z.string() });
export type PendingEmail = z.infer<typeof pendingEmail>;

/** Which notification e-mails go out: answered in the shape PUT /me/email-preferences takes. */
export const emailPreferences = emailPreferencesSchema;
export type EmailPreferences = z.infer<typeof emailPreferences>;

/** POST /me/mobile: the number the code was texted to (now the account's, unconfirmed) and when the code ends. */
export const mobileCodeSent = z.object({
  phone: z.string().describe('E.164'),
  mobile_confirmed: z.literal(false),
  code_expires_at: timestamp,
});
export type MobileCodeSent = z.infer<typeof mobileCodeSent>;

/** GET/PUT /me/sms-preferences: which notices go by text message too, per kind (issue 62, item 3). */
export const smsPreferences = z.object({
  place_offered: z.boolean().describe('A place offered from the reserve list'),
  opening_turn: z.boolean().describe('The pilgrim’s turn in an opening queue'),
  payment_due: z.boolean().describe('A payment or instalment due within 24 hours'),
  decision: z.boolean().describe('The office’s decision (approved or not)'),
  changes_requested: z.boolean().describe('Changes the office asks for'),
});
export type SmsPreferences = z.infer<typeof smsPreferences>;
