import { staffCodeSchema } from '@/lib/office/schemas';
import { translatorFor } from '@/lib/i18n/translator';
import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { requestLocale } from '@/lib/server/http/locale';
import { staffSessionCookie } from '@/lib/server/office/staff-cookie';
import { staffCodeStep } from '@/lib/server/office/staff-sign-in';

// POST /api/v1/office/auth/code – the authenticator's code (or a recovery code) after the password: signs the member in.
export const POST = route.public({ from: 'console', body: staffCodeSchema }, async ({ request, body }) => {
  const locale = requestLocale(request);
  // The console sends its page's language; a request without one does not change the member's e-mail language.
  const named = request.headers.get('accept-language') ? locale : null;
  const { staff, token, recoveryCodes } = await staffCodeStep(body, clientAddress(request), translatorFor(locale), named);
  const answer = recoveryCodes ? { data: staff, recovery_codes: recoveryCodes } : { data: staff };
  return Response.json(answer, { headers: { 'Set-Cookie': staffSessionCookie(token), 'Cache-Control': 'no-store' } });
});
