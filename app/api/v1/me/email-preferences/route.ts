import { emailPreferencesSchema } from '@/lib/auth/recovery-schemas';
import { readEmailPreferences, saveEmailPreferences } from '@/lib/server/accounts/email-preferences';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

// GET /api/v1/me/email-preferences – {requests, payments}: which notification e-mails go out (both on by default).
export const GET = route.user(async ({ session }) => ok(await readEmailPreferences(session.user.id)));

// PUT /api/v1/me/email-preferences – {requests, payments} booleans; account and security e-mails cannot be turned off.
export const PUT = route.user({ body: emailPreferencesSchema }, async ({ session, body }) => ok(await saveEmailPreferences(session.user.id, body)));
