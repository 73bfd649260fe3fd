import { logout } from '@/lib/server/accounts/accounts';
import { authenticate } from '@/lib/server/auth/authenticate';
import { route } from '@/lib/server/http/handler';
import { readBody } from '@/lib/server/http/request-body';
import { noContent } from '@/lib/server/http/respond';
import { clearedSessionCookie } from '@/lib/server/http/session-cookie';

// POST /api/v1/auth/logout – ends this session (the body's device_token is for push, once it exists).
export const POST = route(async (request) => {
  const session = await authenticate(request);
  await readBody(request);
  await logout(session);
  return noContent({ 'Set-Cookie': clearedSessionCookie() });
});
