import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { payments } from '@/lib/server/db/schema';

type PaymentRow = typeof payments.$inferSelect;

// As long as the gateway may take to answer a checkout (moyasar.ts waits 15 s), and a little more.
const WAIT_MS = 16_000;
const POLL_MS = 100;

/**
 * A checkout another press is still opening (`initiated`: the gateway has not answered yet) has no address to
 * send the payer to. Two presses at once (a double click, two tabs) both answer the one checkout, so the later
 * press waits for the gateway's answer to the first, then answers the checkout as it is (pending, with its
 * address; or failed). Any other payment is answered at once.
 */
export async function checkoutReady(payment: PaymentRow): Promise<PaymentRow> {
  if (payment.status !== 'initiated') return payment;
  const db = await getDb();
  // Counted from the checkout's start: one left initiated by a server that stopped mid-call is not waited for.
  const until = payment.createdAt.getTime() + WAIT_MS;
  let current = payment;
  while (current.status === 'initiated' && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const [row] = await db.select().from(payments).where(eq(payments.id, payment.id)).limit(1);
    if (!row) return current;
    current = row;
  }
  return current;
}
