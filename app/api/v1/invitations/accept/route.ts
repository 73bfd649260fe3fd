import { acceptInvitationSchema } from '@/lib/requests/api-schemas';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { acceptInvitation } from '@/lib/server/requests/shared-requests';

// POST /api/v1/invitations/accept – {token}: the signed-in account takes up a companion's invitation sent to its address (issue 42).
export const POST = route.user({ body: acceptInvitationSchema }, async ({ session, body }) => ok(await acceptInvitation(session.user.id, body.token)));
