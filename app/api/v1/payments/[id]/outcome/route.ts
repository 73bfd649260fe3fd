import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { ok } from '@/lib/server/http/respond';
import { paymentOutcome } from '@/lib/server/payments/payments';

// GET /api/v1/payments/{id}/outcome – what became of a checkout, without a session (the return from the gateway).
export const GET = route.public({ params: { id: idParam } }, async ({ params }) => ok(await paymentOutcome(params.id)));
