import { listSessions } from '@/lib/server/devices/sessions-list';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

// GET /api/v1/me/sessions – where the account is signed in: browser and system, first and last use, this one marked.
export const GET = route.user(async ({ session }) => ok(await listSessions(session)));
