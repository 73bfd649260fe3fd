import { passwordChangeSchema } from '@/lib/auth/schemas';
import { changePassword } from '@/lib/server/accounts/accounts';
import { authenticate } from '@/lib/server/auth/authenticate';
import { readerOf } from '@/lib/server/http/context';
import { route } from '@/lib/server/http/handler';
import { readBody } from '@/lib/server/http/request-body';
import { noContent } from '@/lib/server/http/respond';

// POST /api/v1/me/password – changes the password and signs out every other session.
export const POST = route(async (request) => {
  const session = await authenticate(request);
  const input = await passwordChangeSchema.parseAsync(await readBody(request));
  await changePassword(session, input, readerOf(request).t);
  return noContent();
});
