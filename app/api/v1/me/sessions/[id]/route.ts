import { endSession } from '@/lib/server/devices/sessions-list';
import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { noContent } from '@/lib/server/http/respond';
import { clearedSessionCookie } from '@/lib/server/http/session-cookie';

// DELETE /api/v1/me/sessions/{id} – signs that device out; only the account's own sessions (otherwise 404).
// Ending this very session also clears its cookie, hence the cross-site refusal.
export const DELETE = route.user({ from: 'site', params: { id: idParam } }, async ({ session, params }) => {
  await endSession(session, params.id);
  return noContent(params.id === session.id ? { 'Set-Cookie': clearedSessionCookie() } : undefined);
});
