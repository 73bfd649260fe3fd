import { route } from '@/lib/server/http/handler';
import { textParam } from '@/lib/server/http/params';
import { noContent } from '@/lib/server/http/respond';
import { receiveWebhook } from '@/lib/server/payments/payments';

// POST /api/v1/webhooks/payments/{provider} – a gateway's signed event; forged → 403, nothing changes.
export const POST = route.signed({ params: { provider: textParam } }, async ({ request, params }) => {
  await receiveWebhook(params.provider, request);
  return noContent();
});
