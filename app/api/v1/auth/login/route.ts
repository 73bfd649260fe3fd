import { loginSchema } from '@/lib/auth/schemas';
import { login } from '@/lib/server/accounts/accounts';
import { clientAddress } from '@/lib/server/http/client-address';
import { refuseCrossSite } from '@/lib/server/http/cross-site';
import { route } from '@/lib/server/http/handler';
import { readBody } from '@/lib/server/http/request-body';
import { sessionCookie } from '@/lib/server/http/session-cookie';

// POST /api/v1/auth/login – signs in with e-mail and password; wrong credentials → 422; from another site → 403.
export const POST = route(async (request) => {
  refuseCrossSite(request);
  const input = await loginSchema.parseAsync(await readBody(request));
  const { user, token } = await login(input, clientAddress(request));
  return Response.json({ data: user, token }, { headers: { 'Set-Cookie': sessionCookie(token) } });
});
