import { z } from 'zod';
import { logout } from '@/lib/server/accounts/accounts';
import { authenticate } from '@/lib/server/auth/authenticate';
import { route } from '@/lib/server/http/handler';
import { readBody } from '@/lib/server/http/request-body';
import { noContent } from '@/lib/server/http/respond';
import { clearedSessionCookie } from '@/lib/server/http/session-cookie';
import { forgetDeviceAtLogout } from '@/lib/server/push/devices';

const logoutSchema = z.object({ device_token: z.string().max(4096).optional().catch(undefined) });

// POST /api/v1/auth/logout – ends this session; the body's device_token stops push messages to that browser.
export const POST = route(async (request) => {
  const session = await authenticate(request);
  const { device_token } = logoutSchema.parse((await readBody(request)) ?? {});
  await forgetDeviceAtLogout(session.user.id, device_token);
  await logout(session);
  return noContent({ 'Set-Cookie': clearedSessionCookie() });
});
