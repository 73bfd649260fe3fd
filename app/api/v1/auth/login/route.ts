import { loginSchema } from '@/lib/auth/schemas';
import { login } from '@/lib/server/accounts/accounts';
import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { sessionCookie } from '@/lib/server/http/session-cookie';

// POST /api/v1/auth/login – signs in with e-mail and password; wrong credentials → 422; from another site → 403.
export const POST = route.public({ from: 'site', body: loginSchema }, async ({ request, body }) => {
  const { user, token } = await login(body, clientAddress(request));
  return Response.json({ data: user, token }, { headers: { 'Set-Cookie': sessionCookie(token) } });
});
