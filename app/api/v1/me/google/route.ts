import { googleLinkSchema } from '@/lib/auth/schemas';
import { googleLinkState, linkGoogle, unlinkGoogle } from '@/lib/server/accounts/google-link';
import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

// GET /api/v1/me/google – whether Google is linked, whether the account has a password, and the popup's settings.
export const GET = route.user(async ({ session }) => ok(await googleLinkState(session)));

// POST /api/v1/me/google – links the Google user of a Firebase ID token to this account (409 when linked to another).
export const POST = route.user({ body: googleLinkSchema }, async ({ request, session, body }) => ok(await linkGoogle(session, body.id_token, clientAddress(request))));

// DELETE /api/v1/me/google – unlinks Google; refused (409) while the account has no password.
export const DELETE = route.user(async ({ session }) => ok(await unlinkGoogle(session)));
