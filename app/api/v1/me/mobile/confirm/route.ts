import { mobileCodeSchema } from '@/lib/auth/mobile-schemas';
import { confirmMobileCode } from '@/lib/server/accounts/mobile-confirmation';
import { readerOf } from '@/lib/server/http/context';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

// POST /api/v1/me/mobile/confirm – {code} in either digit style: confirms the number the code was texted to and
// answers the profile; wrong, expired or for another number → 422; 5 tries per code and per 15 minutes (429).
export const POST = route.user({ body: mobileCodeSchema }, async ({ request, session, body }) => {
  const { t } = readerOf(request);
  return ok(await confirmMobileCode(session, body.code, t));
});
