import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { ok } from '@/lib/server/http/respond';
import { checkPayment, publicPayment } from '@/lib/server/payments/payments';

// GET /api/v1/payments/{id} – the payment's status, verified with the gateway while it is open (owner only).
export const GET = route.user({ params: { id: idParam } }, async ({ session, params }) => ok(publicPayment(await checkPayment(session.user.id, params.id))));
