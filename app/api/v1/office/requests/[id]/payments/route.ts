import { counterPaymentSchema } from '@/lib/office/queue-schemas';
import { translatorFor } from '@/lib/i18n/translator';
import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { requestLocale } from '@/lib/server/http/locale';
import { idParam } from '@/lib/server/http/params';
import { ok } from '@/lib/server/http/respond';
import { staffActor } from '@/lib/server/office/office-auth';
import { recordCounterPayment } from '@/lib/server/payments/counter';

// POST /api/v1/office/requests/{id}/payments – a finance member (or admin) records money received at the counter:
// amount and receipt number; they are who received it. The request is then submitted; audited.
export const POST = route.staff('payments', { params: { id: idParam }, body: counterPaymentSchema }, async ({ request, member, params, body }) => {
  const locale = requestLocale(request);
  const receiver = { id: member.id, name: member.name };
  return ok(await recordCounterPayment(params.id, body, receiver, staffActor(member), clientAddress(request), translatorFor(locale), locale), { status: 201 });
});
