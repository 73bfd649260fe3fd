import { route } from '@/lib/server/http/handler';
import { noContent } from '@/lib/server/http/respond';
import { receiveWebhook } from '@/lib/server/payments/payments';

// POST /api/v1/webhooks/payments/{provider} – a gateway's signed event; forged → 403, nothing changes.
export const POST = route<{ provider: string }>(async (request, { params }) => {
  await receiveWebhook((await params).provider, request);
  return noContent();
});
