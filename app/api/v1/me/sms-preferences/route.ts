import { smsPreferencesSchema } from '@/lib/auth/sms-preferences-schema';
import { readSmsPreferences, saveSmsPreferences } from '@/lib/server/accounts/sms-preferences';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

// GET /api/v1/me/sms-preferences – which notices also go by text message, per kind (all on by default; a confirmed number is needed).
export const GET = route.user(async ({ session }) => ok(await readSmsPreferences(session.user.id)));

// PUT /api/v1/me/sms-preferences – every kind's switch: place_offered, opening_turn, payment_due, decision, changes_requested.
export const PUT = route.user({ body: smsPreferencesSchema }, async ({ session, body }) => ok(await saveSmsPreferences(session.user.id, body)));
