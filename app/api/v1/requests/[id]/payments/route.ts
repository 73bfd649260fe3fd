import { startPaymentSchema } from '@/lib/requests/api-schemas';
import { readerOf } from '@/lib/server/http/context';
import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { ok } from '@/lib/server/http/respond';
import { publicPayment, startPayment } from '@/lib/server/payments/payments';

// POST /api/v1/requests/{id}/payments – {part?}: starts paying the fee or a part of it (docs/INSTALMENTS.md): {id, redirect_url};
// by the applicant or a companion on the request (issue 42); honours Idempotency-Key; 403 email_unverified until the address is confirmed.
export const POST = route.user({ verifiedEmail: true, params: { id: idParam }, body: startPaymentSchema }, async ({ request, session, params, body }) => {
  const key = request.headers.get('idempotency-key')?.slice(0, 200) || null;
  const payment = await startPayment(session.user.id, params.id, key, readerOf(request).locale, body.part);
  return ok(publicPayment(payment), { status: 201 });
});
