import { route } from '@/lib/server/http/handler';
import { textParam } from '@/lib/server/http/params';
import { readBody } from '@/lib/server/http/request-body';
import { ok } from '@/lib/server/http/respond';
import { ApiError } from '@/lib/server/http/errors';
import { testGatewayEnabled } from '@/lib/server/payments/gateway-choice';
import { payOnTestGateway } from '@/lib/server/payments/test-gateway';
import { testGatewayPaySchema } from '@/lib/payments/test-gateway-schema';

// POST /api/test-gateway/{id}/pay – the test gateway's checkout: card_number, otp? → outcome and where to return.
// The body is read here, once the test gateway is known to be on: off, the endpoint is a 404 whatever is sent.
export const POST = route.public({ params: { id: textParam } }, async ({ request, params }) => {
  if (!testGatewayEnabled()) throw new ApiError('not_found');
  const { card_number, otp } = testGatewayPaySchema.parse(await readBody(request));
  const { outcome, returnUrl } = await payOnTestGateway(params.id, card_number, otp);
  return ok({ outcome: outcome.kind, reason: 'reason' in outcome ? outcome.reason : null, return_url: returnUrl });
});
