import { resetPasswordSchema } from '@/lib/auth/recovery-schemas';
import { resetPassword } from '@/lib/server/accounts/password-reset';
import { readerOf } from '@/lib/server/http/context';
import { route } from '@/lib/server/http/handler';
import { sessionCookie } from '@/lib/server/http/session-cookie';

// POST /api/v1/auth/reset-password – token, password, password_confirmation: sets the password, ends every
// session, signs in here ({data: user, token} and the cookie); a used or expired link → 422; from another site → 403.
export const POST = route.public({ from: 'site', body: resetPasswordSchema }, async ({ request, body }) => {
  const { user, token } = await resetPassword(body, readerOf(request).t);
  return Response.json({ data: user, token }, { headers: { 'Set-Cookie': sessionCookie(token) } });
});
