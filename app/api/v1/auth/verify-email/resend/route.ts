import { resendVerification } from '@/lib/server/accounts/email-verification';
import { route } from '@/lib/server/http/handler';
import { noContent } from '@/lib/server/http/respond';

// POST /api/v1/auth/verify-email/resend – a new link and code to the account's address: 204; 3 an hour (then 429); already confirmed → 409.
export const POST = route.user(async ({ session }) => {
  await resendVerification(session);
  return noContent();
});
