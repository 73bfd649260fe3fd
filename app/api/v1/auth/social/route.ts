import { socialSignInSchema } from '@/lib/auth/schemas';
import { signInWithGoogleIdToken } from '@/lib/server/accounts/google-sign-in';
import { clientAddress } from '@/lib/server/http/client-address';
import { readerOf } from '@/lib/server/http/context';
import { route } from '@/lib/server/http/handler';
import { sessionCookie } from '@/lib/server/http/session-cookie';

// POST /api/v1/auth/social – signs in with Google (a Firebase ID token, verified here): 201 for a new account, 200 otherwise; from another site → 403.
export const POST = route.public({ from: 'site', body: socialSignInSchema }, async ({ request, body }) => {
  const { locale } = readerOf(request);
  const { user, token, created } = await signInWithGoogleIdToken(body.id_token, locale, clientAddress(request));
  return Response.json({ data: user, token }, { status: created ? 201 : 200, headers: { 'Set-Cookie': sessionCookie(token) } });
});
