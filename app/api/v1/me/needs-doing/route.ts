import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { needsDoing } from '@/lib/server/requests/needs-doing';

// GET /api/v1/me/needs-doing – {count, awaiting_payment, changes_requested, drafts}: what the account page leads with.
export const GET = route.user(async ({ session }) => ok(await needsDoing(session.user.id)));
