import { staffSetPasswordSchema } from '@/lib/office/schemas';
import { translatorFor } from '@/lib/i18n/translator';
import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { requestLocale } from '@/lib/server/http/locale';
import { noContent } from '@/lib/server/http/respond';
import { setStaffPassword } from '@/lib/server/office/staff-accounts';

// POST /api/v1/office/auth/set-password – a new member (or one whose two-factor was reset) sets a password with the link's token.
export const POST = route.public({ from: 'console', body: staffSetPasswordSchema }, async ({ request, body }) => {
  await setStaffPassword(body.token, body.password, clientAddress(request), translatorFor(requestLocale(request)));
  return noContent();
});
