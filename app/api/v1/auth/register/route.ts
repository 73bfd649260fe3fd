import { registerSchema } from '@/lib/auth/schemas';
import { register } from '@/lib/server/accounts/accounts';
import { clientAddress } from '@/lib/server/http/client-address';
import { readerOf } from '@/lib/server/http/context';
import { route } from '@/lib/server/http/handler';
import { sessionCookie } from '@/lib/server/http/session-cookie';

// POST /api/v1/auth/register – creates an account and signs it in; from another site → 403.
export const POST = route.public({ from: 'site', body: registerSchema }, async ({ request, body }) => {
  const { locale, t } = readerOf(request);
  const { user, token } = await register(body, locale, t, clientAddress(request));
  return Response.json({ data: user, token }, { status: 201, headers: { 'Set-Cookie': sessionCookie(token) } });
});
