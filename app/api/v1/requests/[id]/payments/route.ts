import { authenticate } from '@/lib/server/auth/authenticate';
import { requireVerifiedEmail } from '@/lib/server/accounts/email-verification';
import { readerOf } from '@/lib/server/http/context';
import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { ok } from '@/lib/server/http/respond';
import { publicPayment, startPayment } from '@/lib/server/payments/payments';

// POST /api/v1/requests/{id}/payments – starts paying the fee: {id, redirect_url}; honours Idempotency-Key; 403 email_unverified until the address is confirmed.
export const POST = route(async (request, { params }) => {
  const session = await authenticate(request);
  // An unconfirmed address may be a stranger's: 403 email_unverified until it is confirmed.
  requireVerifiedEmail(session.user);
  const key = request.headers.get('idempotency-key')?.slice(0, 200) || null;
  const payment = await startPayment(session.user.id, await idParam(params), key, readerOf(request).locale);
  return ok(publicPayment(payment), { status: 201 });
});
