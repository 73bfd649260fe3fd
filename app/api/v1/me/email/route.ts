import { changeEmailSchema } from '@/lib/auth/recovery-schemas';
import { requestEmailChange } from '@/lib/server/accounts/email-verification';
import { authenticate } from '@/lib/server/auth/authenticate';
import { readerOf } from '@/lib/server/http/context';
import { route } from '@/lib/server/http/handler';
import { readBody } from '@/lib/server/http/request-body';
import { ok } from '@/lib/server/http/respond';

// POST /api/v1/me/email – email, current_password: sends a link to the new address, which replaces the
// old one only once confirmed (the old one is then told): 202 {pending_email}.
export const POST = route(async (request) => {
  const session = await authenticate(request);
  const input = await changeEmailSchema.parseAsync(await readBody(request));
  return ok(await requestEmailChange(session, input, readerOf(request).t), { status: 202 });
});
