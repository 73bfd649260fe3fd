import { emailPreferencesSchema } from '@/lib/auth/recovery-schemas';
import { readEmailPreferences, saveEmailPreferences } from '@/lib/server/accounts/email-preferences';
import { authenticate } from '@/lib/server/auth/authenticate';
import { route } from '@/lib/server/http/handler';
import { readBody } from '@/lib/server/http/request-body';
import { ok } from '@/lib/server/http/respond';

// GET /api/v1/me/email-preferences – {requests, payments}: which notification e-mails go out (both on by default).
export const GET = route(async (request) => {
  const session = await authenticate(request);
  return ok(await readEmailPreferences(session.user.id));
});

// PUT /api/v1/me/email-preferences – {requests, payments} booleans; account and security e-mails cannot be turned off.
export const PUT = route(async (request) => {
  const session = await authenticate(request);
  const input = emailPreferencesSchema.parse(await readBody(request));
  return ok(await saveEmailPreferences(session.user.id, input));
});
