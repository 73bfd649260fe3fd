import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { listSharedRequests } from '@/lib/server/requests/shared-requests';

// GET /api/v1/me/shared-requests – the requests the user is on as an invited companion ("Requests I am on", issue 42).
export const GET = route.user(async ({ session }) => ok(await listSharedRequests(session.user.id)));
