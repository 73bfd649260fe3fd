import { verifyCodeSchema, verifyTokenSchema } from '@/lib/auth/recovery-schemas';
import { verifyEmail } from '@/lib/server/accounts/email-verification';
import { readerOf } from '@/lib/server/http/context';
import { route } from '@/lib/server/http/handler';
import { readBody } from '@/lib/server/http/request-body';
import { ok } from '@/lib/server/http/respond';

// POST /api/v1/auth/verify-email – {token} from the e-mail's link (no sign-in needed), or {code} typed by the
// signed-in account; confirms the address (or makes a new one the account's); used or expired → 422.
// The body says which, so it is read here, and the session asked for only with a code.
export const POST = route.user.optional(async ({ request, session }) => {
  const body = await readBody(request);
  const { t } = readerOf(request);
  if (body && typeof body === 'object' && 'code' in body) {
    const signedIn = await session();
    const { code } = await verifyCodeSchema.parseAsync(body);
    return ok(await verifyEmail({ code, session: signedIn }, t));
  }
  const { token } = await verifyTokenSchema.parseAsync(body);
  return ok(await verifyEmail({ token }, t));
});
