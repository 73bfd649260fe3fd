import { profileUpdateSchema } from '@/lib/auth/schemas';
import { deleteAccount, updateProfile } from '@/lib/server/accounts/accounts';
import { publicUser } from '@/lib/server/accounts/public-user';
import { route } from '@/lib/server/http/handler';
import { readBody } from '@/lib/server/http/request-body';
import { noContent, ok } from '@/lib/server/http/respond';
import { clearedSessionCookie } from '@/lib/server/http/session-cookie';

// GET /api/v1/me – the signed-in user's profile.
export const GET = route.user(async ({ session }) => ok(publicUser(session.user)));

// PATCH /api/v1/me – changes the fields sent among name, mobile and preferred language; the others stay.
// The fields sent choose the schema, so the body is read here.
export const PATCH = route.user(async ({ request, session }) => {
  const body = await readBody(request);
  const input = await profileUpdateSchema(body).parseAsync(body);
  // A mobile sent empty clears it; one not sent stays.
  const phone = Object.hasOwn(body, 'phone') ? { phone: (input as { phone?: string }).phone ?? null } : {};
  return ok(await updateProfile(session, { ...input, ...phone }));
});

// DELETE /api/v1/me – deletes the account and ends all its sessions (it clears the cookie: from another site → 403).
export const DELETE = route.user({ from: 'site' }, async ({ session }) => {
  await deleteAccount(session);
  return noContent({ 'Set-Cookie': clearedSessionCookie() });
});
