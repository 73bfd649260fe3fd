import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { call } from './api';
import { newUser } from './accounts';
import { getDb } from '@/lib/server/db/client';
import { mailOutbox } from '@/lib/server/db/schema';
import { payOnTestGateway, TEST_CARDS } from '@/lib/server/payments/test-gateway';
import * as startRoute from '@/app/api/v1/requests/[id]/payments/route';
import * as paymentRoute from '@/app/api/v1/payments/[id]/route';
import * as invitationRoute from '@/app/api/v1/requests/[id]/pilgrims/[pilgrim]/invitation/route';
import * as acceptRoute from '@/app/api/v1/invitations/accept/route';

// Paying a part and a companion on the request, as the payment tests (instalments, the money state) do them.

/** Opens a checkout for a part (none named: the next one owed). */
export const startPart = (token: string, id: string, part?: string, locale: 'en' | 'ar' = 'en') => call(startRoute.POST, { token, params: { id }, body: part ? { part } : {}, locale });

/** Pays a part through the test gateway and returns to the portal, as a payer does; the payment as it settled. */
export async function payPart(token: string, id: string, part?: string) {
  const started = await startPart(token, id, part);
  expect(started.status).toBe(201);
  const checkout = started.json!.data as { id: string; redirect_url: string; amount_minor: number; part: string };
  await payOnTestGateway(checkout.redirect_url.split('/').pop()!, TEST_CARDS.success);
  return (await call(paymentRoute.GET, { token, params: { id: checkout.id } })).json!.data as { id: string; status: string; amount_minor: number; part: string };
}

/** The companion of a request invited, registered (unless an account is given) and accepted: their session. */
export async function companionOn(organiserToken: string, id: string, account?: Awaited<ReturnType<typeof newUser>>) {
  const member = account ?? (await newUser('Mohammed Rahman'));
  expect((await call(invitationRoute.POST, { token: organiserToken, params: { id, pilgrim: 'companion-0' }, body: { email: member.user.email } })).status).toBe(201);
  const db = await getDb();
  const [mail] = await db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'companion_invite'), eq(mailOutbox.toAddress, member.user.email.toLowerCase()))).orderBy(desc(mailOutbox.id)).limit(1);
  expect((await call(acceptRoute.POST, { token: member.token, body: { token: mail!.params.token } })).status).toBe(200);
  return member;
}
