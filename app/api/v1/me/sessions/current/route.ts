import { currentSessionEnd } from '@/lib/server/auth/sessions';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

// GET /api/v1/me/sessions/current – when this session ends, for the page's warning before it does.
export const GET = route.user(async ({ session }) => ok(await currentSessionEnd(session)));
