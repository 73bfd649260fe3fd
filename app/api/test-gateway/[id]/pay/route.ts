import { route } from '@/lib/server/http/handler';
import { textParam } from '@/lib/server/http/params';
import { readBody } from '@/lib/server/http/request-body';
import { ok } from '@/lib/server/http/respond';
import { ApiError } from '@/lib/server/http/errors';
import { testGatewayEnabled } from '@/lib/server/payments/gateway-choice';
import { payOnTestGateway } from '@/lib/server/payments/test-gateway';

// POST /api/test-gateway/{id}/pay – the test gateway's checkout: card_number, otp? → outcome and where to return.
export const POST = route<{ id: string }>(async (request, { params }) => {
  if (!testGatewayEnabled()) throw new ApiError('not_found');
  const body = await readBody(request);
  const card = typeof body.card_number === 'string' ? body.card_number : '';
  const otp = typeof body.otp === 'string' && body.otp ? body.otp : undefined;
  const { outcome, returnUrl } = await payOnTestGateway(await textParam(params, 'id'), card, otp);
  return ok({ outcome: outcome.kind, reason: 'reason' in outcome ? outcome.reason : null, return_url: returnUrl });
});
