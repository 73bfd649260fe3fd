import { profileSchema } from '@/lib/auth/schemas';
import { deleteAccount, publicUser, updateProfile } from '@/lib/server/accounts/accounts';
import { authenticate } from '@/lib/server/auth/authenticate';
import { refuseCrossSite } from '@/lib/server/http/cross-site';
import { route } from '@/lib/server/http/handler';
import { readBody } from '@/lib/server/http/request-body';
import { noContent, ok } from '@/lib/server/http/respond';
import { clearedSessionCookie } from '@/lib/server/http/session-cookie';

// GET /api/v1/me – the signed-in user's profile.
export const GET = route(async (request) => {
  const session = await authenticate(request);
  return ok(publicUser(session.user));
});

// PATCH /api/v1/me – changes name, mobile and preferred language.
export const PATCH = route(async (request) => {
  const session = await authenticate(request);
  const input = await profileSchema.parseAsync(await readBody(request));
  return ok(await updateProfile(session, input));
});

// DELETE /api/v1/me – deletes the account and ends all its sessions (it clears the cookie: from another site → 403).
export const DELETE = route(async (request) => {
  refuseCrossSite(request);
  const session = await authenticate(request);
  await deleteAccount(session);
  return noContent({ 'Set-Cookie': clearedSessionCookie() });
});
