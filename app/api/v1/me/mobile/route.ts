import { mobileSchema } from '@/lib/auth/mobile-schemas';
import { sendMobileCode } from '@/lib/server/accounts/mobile-confirmation';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

// POST /api/v1/me/mobile – {mobile}: makes it the account's number (unconfirmed if it changed) and texts it a 6-digit
// code for 10 minutes (the last code dies); 3 an hour per account and per number (429); already confirmed → 409.
export const POST = route.user({ body: mobileSchema }, async ({ session, body }) => ok(await sendMobileCode(session, body.mobile)));
