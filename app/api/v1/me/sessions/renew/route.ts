import { renewSession } from '@/lib/server/auth/sessions';
import { route } from '@/lib/server/http/handler';
import { sessionCookie } from '@/lib/server/http/session-cookie';

// POST /api/v1/me/sessions/renew – "Stay signed in": this session starts again under a new token (the old one ends);
// it sets the cookie, hence the cross-site refusal.
export const POST = route.user({ from: 'site' }, async ({ session }) => {
  const { token, end } = await renewSession(session);
  return Response.json({ data: end, token }, { headers: { 'Set-Cookie': sessionCookie(token) } });
});
