import { changeEmailSchema } from '@/lib/auth/recovery-schemas';
import { requestEmailChange } from '@/lib/server/accounts/email-verification';
import { readerOf } from '@/lib/server/http/context';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

// POST /api/v1/me/email – email, current_password: sends a link to the new address, which replaces the
// old one only once confirmed (the old one is then told): 202 {pending_email}.
export const POST = route.user({ body: changeEmailSchema }, async ({ request, session, body }) =>
  ok(await requestEmailChange(session, body, readerOf(request).t), { status: 202 }),
);
