import { revokeOtherSessions } from '@/lib/server/auth/sessions';
import { route } from '@/lib/server/http/handler';
import { noContent } from '@/lib/server/http/respond';

// POST /api/v1/me/sessions/revoke-others – signs out every other session of the account (no password asked: Google accounts have none).
export const POST = route.user(async ({ session }) => {
  await revokeOtherSessions(session.user.id, session.id);
  return noContent();
});
