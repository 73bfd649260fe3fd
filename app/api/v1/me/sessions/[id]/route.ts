import { authenticate } from '@/lib/server/auth/authenticate';
import { endSession } from '@/lib/server/devices/sessions-list';
import { refuseCrossSite } from '@/lib/server/http/cross-site';
import { route } from '@/lib/server/http/handler';
import { noContent } from '@/lib/server/http/respond';
import { clearedSessionCookie } from '@/lib/server/http/session-cookie';

type Params = { id: string };

// DELETE /api/v1/me/sessions/{id} – signs that device out; only the account's own sessions (otherwise 404).
// Ending this very session also clears its cookie, hence the cross-site refusal.
export const DELETE = route<Params>(async (request, { params }) => {
  refuseCrossSite(request);
  const session = await authenticate(request);
  const { id } = await params;
  await endSession(session, id);
  return noContent(id === session.id ? { 'Set-Cookie': clearedSessionCookie() } : undefined);
});
