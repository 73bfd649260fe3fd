import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { ok } from '@/lib/server/http/respond';
import { paymentOutcome } from '@/lib/server/payments/payments';

// GET /api/v1/payments/{id}/outcome – what became of a checkout, without a session (the return from the gateway).
export const GET = route(async (_request, { params }) => ok(await paymentOutcome(await idParam(params))));
