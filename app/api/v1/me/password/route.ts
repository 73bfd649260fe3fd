import { passwordChangeSchema } from '@/lib/auth/schemas';
import { changePassword } from '@/lib/server/accounts/accounts';
import { readerOf } from '@/lib/server/http/context';
import { route } from '@/lib/server/http/handler';
import { noContent } from '@/lib/server/http/respond';

// POST /api/v1/me/password – changes the password and signs out every other session.
export const POST = route.user({ body: passwordChangeSchema }, async ({ request, session, body }) => {
  await changePassword(session, body, readerOf(request).t);
  return noContent();
});
