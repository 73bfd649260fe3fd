import { inviteCompanionSchema } from '@/lib/requests/api-schemas';
import { readerOf } from '@/lib/server/http/context';
import { route } from '@/lib/server/http/handler';
import { idParam, textParam } from '@/lib/server/http/params';
import { noContent, ok } from '@/lib/server/http/respond';
import { inviteCompanion, withdrawInvitation } from '@/lib/server/requests/family-changes';
import { countInvitation } from '@/lib/server/requests/invitation-limits';

// POST /api/v1/requests/{id}/pilgrims/{pilgrim}/invitation – {email}: an adult companion is sent a link to their own part (issue 42).
// {pilgrim}: companion-<n> (whoever is at that place in the answers now) or the companion's pilgrim_id.
// The invitation e-mail goes to an address the applicant types: their own must be confirmed, as for anything that writes to others.
// At most 20 an hour per account (invitation-limits.ts): each one mails an address the applicant types.
export const POST = route.user({ verifiedEmail: true, params: { id: idParam, pilgrim: textParam }, body: inviteCompanionSchema }, async ({ request, session, params, body }) => {
  await countInvitation(session.user.id);
  return ok(await inviteCompanion(session.user.id, params.id, params.pilgrim, body.email, readerOf(request)), { status: 201 });
});

// DELETE /api/v1/requests/{id}/pilgrims/{pilgrim}/invitation – the invitation withdrawn: its link stops working, and the companion sees the request no more.
export const DELETE = route.user({ params: { id: idParam, pilgrim: textParam } }, async ({ session, params }) => {
  await withdrawInvitation(session.user.id, params.id, params.pilgrim);
  return noContent();
});
