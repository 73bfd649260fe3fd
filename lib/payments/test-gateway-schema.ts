import { z } from '@/lib/validation/z';

/**
 * The test gateway's checkout form (POST /api/test-gateway/{id}/pay): read
 * leniently, as a card form is: a missing or malformed card is a declined
 * payment (200 with its outcome), not an error.
 */
export const testGatewayPaySchema = z.object({
  card_number: z.string().catch('').describe('One of the test cards (lib/server/payments/test-gateway.ts TEST_CARDS)'),
  otp: z
    .string()
    .optional()
    .catch(undefined)
    .transform((otp) => otp || undefined)
    .describe('The one-time code, for cards that ask for one'),
});
