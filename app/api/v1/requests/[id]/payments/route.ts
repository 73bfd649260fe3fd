import { authenticate } from '@/lib/server/auth/authenticate';
import { readerOf } from '@/lib/server/http/context';
import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { ok } from '@/lib/server/http/respond';
import { publicPayment, startPayment } from '@/lib/server/payments/payments';

// POST /api/v1/requests/{id}/payments – starts paying the fee: {id, redirect_url}; honours Idempotency-Key.
export const POST = route(async (request, { params }) => {
  const session = await authenticate(request);
  const key = request.headers.get('idempotency-key')?.slice(0, 200) || null;
  const payment = await startPayment(session.user.id, await idParam(params), key, readerOf(request).locale);
  return ok(publicPayment(payment), { status: 201 });
});
