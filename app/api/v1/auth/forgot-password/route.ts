import { forgotPasswordSchema } from '@/lib/auth/recovery-schemas';
import { requestPasswordReset } from '@/lib/server/accounts/password-reset';
import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

// POST /api/v1/auth/forgot-password – e-mails a 30-minute reset link when the address has an account;
// 202 with the same answer either way; 3 an hour per address typed and 10 per client (then 429).
export const POST = route.public({ body: forgotPasswordSchema }, async ({ request, body }) => {
  await requestPasswordReset(body.email, clientAddress(request));
  return ok({ status: 'sent_if_registered' }, { status: 202 });
});
