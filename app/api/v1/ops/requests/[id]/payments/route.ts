import { opsCounterPaymentSchema } from '@/lib/office/queue-schemas';
import { translatorFor } from '@/lib/i18n/translator';
import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { requestLocale } from '@/lib/server/http/locale';
import { textParam } from '@/lib/server/http/params';
import { ok } from '@/lib/server/http/respond';
import { receiverByEmail, recordCounterPayment } from '@/lib/server/payments/counter';

// POST /api/v1/ops/requests/{id or reference}/payments – money received at the office's counter (X-Ops-Key):
// amount, receipt number and the finance member who received it; the request is then submitted (audited as "ops key").
export const POST = route.ops({ params: { id: textParam }, body: opsCounterPaymentSchema }, async ({ request, params, body }) => {
  const locale = requestLocale(request);
  const t = translatorFor(locale);
  const receiver = await receiverByEmail(body.received_by, t);
  return ok(await recordCounterPayment(params.id, body, receiver, { kind: 'ops_key' }, clientAddress(request), t, locale), { status: 201 });
});
