import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { ok } from '@/lib/server/http/respond';
import { confirmSharedAnswers } from '@/lib/server/requests/shared-requests';

// POST /api/v1/me/shared-requests/{id}/confirmation – "these details are mine and correct", for the answers as they read now.
export const POST = route.user({ params: { id: idParam } }, async ({ session, params }) => ok(await confirmSharedAnswers(session.user.id, params.id)));
