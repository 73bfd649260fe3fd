import { notFound } from 'next/navigation';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { testGatewayPayments } from '@/lib/server/db/schema';
import { TEST_CARDS, TEST_OTP } from '@/lib/server/payments/test-gateway';
import { testGatewayEnabled } from '@/lib/server/payments/gateway-choice';
import { TestCheckout } from '@/components/payments/test-checkout';

export const dynamic = 'force-dynamic';

/** The built-in test gateway's hosted checkout, plainly marked as test mode, in English and Arabic. */
export default async function TestGatewayPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // Off in production unless PAYMENT_GATEWAY=test: published card numbers must never pay a real deployment.
  if (!testGatewayEnabled() || !/^tg_[0-9a-f]{24}$/.test(id)) notFound();
  const db = await getDb();
  const [payment] = await db.select().from(testGatewayPayments).where(eq(testGatewayPayments.id, id)).limit(1);
  if (!payment) notFound();
  return (
    <TestCheckout
      id={id}
      amountMinor={payment.amountMinor}
      currency={payment.currency}
      description={payment.description}
      done={payment.status !== 'initiated'}
      voided={payment.status === 'voided'}
      returnUrl={payment.returnUrl}
      cards={TEST_CARDS}
      otp={TEST_OTP}
    />
  );
}
