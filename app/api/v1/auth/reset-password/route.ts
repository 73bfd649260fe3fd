import { resetPasswordSchema } from '@/lib/auth/recovery-schemas';
import { resetPassword } from '@/lib/server/accounts/password-reset';
import { readerOf } from '@/lib/server/http/context';
import { refuseCrossSite } from '@/lib/server/http/cross-site';
import { route } from '@/lib/server/http/handler';
import { readBody } from '@/lib/server/http/request-body';
import { sessionCookie } from '@/lib/server/http/session-cookie';

// POST /api/v1/auth/reset-password – token, password, password_confirmation: sets the password, ends every
// session, signs in here ({data: user, token} and the cookie); a used or expired link → 422; from another site → 403.
export const POST = route(async (request) => {
  refuseCrossSite(request);
  const input = await resetPasswordSchema.parseAsync(await readBody(request));
  const { user, token } = await resetPassword(input, readerOf(request).t);
  return Response.json({ data: user, token }, { headers: { 'Set-Cookie': sessionCookie(token) } });
});
