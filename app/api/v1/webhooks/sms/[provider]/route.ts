import { route } from '@/lib/server/http/handler';
import { textParam } from '@/lib/server/http/params';
import { noContent } from '@/lib/server/http/respond';
import { receiveSmsReceipt } from '@/lib/server/sms/receipts';

// POST /api/v1/webhooks/sms/{provider} – an SMS provider's delivery receipt (Twilio signed, Unifonic with our secret); forged → 403, nothing changes.
export const POST = route.signed({ params: { provider: textParam } }, async ({ request, params }) => {
  await receiveSmsReceipt(params.provider, request);
  return noContent();
});
