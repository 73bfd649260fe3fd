import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { hijriFromNow } from '@/test/answers';
import { readyDraft } from '@/test/requests';
import { consoleCall, signedInStaff, useOpsKey } from '@/test/staff';
import { getDb, queryRows } from '@/lib/server/db/client';
import { mailOutbox } from '@/lib/server/db/schema';
import { payOnTestGateway, TEST_CARDS } from '@/lib/server/payments/test-gateway';
import en from '@/messages/en.json';
import * as oneRoute from '../requests/[id]/route';
import * as submitRoute from '../requests/[id]/submit/route';
import * as startRoute from '../requests/[id]/payments/route';
import * as invitationRoute from '../requests/[id]/pilgrims/[pilgrim]/invitation/route';
import * as acceptRoute from '../invitations/accept/route';
import * as sharedRoute from '../me/shared-requests/[id]/route';
import * as paymentRoute from './[id]/route';
import * as receiptRoute from './[id]/receipt/route';
import * as catalogueRoute from '../office/catalogue/[id]/route';
import * as reviewRoute from '../office/requests/[id]/review/route';

// A companion no longer on a request keeps no checkout open on it (issue 57, item 7; docs/FAMILIES.md): withdrawn,
// left or removed, their checkout is voided, so the applicant can pay, and they can neither pay nor fetch a receipt.

withTestDatabase();
beforeAll(() => useOpsKey());
afterAll(() => useOpsKey(undefined));

type Checkout = { id: string; redirect_url: string; part: string; status: string };

const details = async (token: string, id: string) => (await call(oneRoute.GET, { token, params: { id } })).json!.data;
const start = (token: string, id: string, part?: string) => call(startRoute.POST, { token, params: { id }, body: part ? { part } : {}, locale: 'en' });
const gatewayId = (checkout: Checkout) => checkout.redirect_url.split('/').pop()!;
const statusOf = async (paymentId: string) => (await queryRows<{ status: string }>(sql`select status from payments where id = ${paymentId}`))[0]!.status;
const ledgerOf = async (checkout: Checkout) => (await queryRows<{ status: string }>(sql`select status from test_gateway_payments where id = ${gatewayId(checkout)}`))[0]!.status;

/** Pays a part through the test gateway and comes back to the portal: the payment as it settled. */
async function pay(token: string, id: string, part?: string) {
  const started = await start(token, id, part);
  expect(started.status, JSON.stringify(started.json)).toBe(201);
  const checkout = started.json!.data as Checkout;
  await payOnTestGateway(gatewayId(checkout), TEST_CARDS.success);
  return (await call(paymentRoute.GET, { token, params: { id: checkout.id } })).json!.data as Checkout;
}

/** A checkout opened and left at the gateway, unpaid. */
async function opened(token: string, id: string, part?: string) {
  const started = await start(token, id, part);
  expect(started.status, JSON.stringify(started.json)).toBe(201);
  const checkout = started.json!.data as Checkout;
  expect(checkout.status).toBe('pending');
  return checkout;
}

/** A request sent for two pilgrims, awaiting payment; its companion invited and accepted. */
async function family() {
  const organiser = await newUser('Organiser Checkout');
  const id = await readyDraft(organiser.token);
  expect((await call(submitRoute.POST, { token: organiser.token, params: { id }, body: {} })).status).toBe(200);
  const member = await newUser('Companion Checkout');
  expect((await call(invitationRoute.POST, { token: organiser.token, params: { id, pilgrim: 'companion-0' }, body: { email: member.user.email } })).status).toBe(201);
  const db = await getDb();
  const [mail] = await db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'companion_invite'), eq(mailOutbox.toAddress, member.user.email.toLowerCase()))).orderBy(desc(mailOutbox.id)).limit(1);
  expect((await call(acceptRoute.POST, { token: member.token, body: { token: mail!.params.token } })).status).toBe(200);
  return { organiser, member, id };
}

describe('a companion no longer on the request', () => {
  beforeAll(async () => {
    const admin = await signedInStaff('admin', 'Plan Admin');
    const set = await consoleCall(catalogueRoute.PATCH, {
      method: 'PATCH',
      staffCookie: admin.cookie,
      params: { id: 'hajj' },
      body: { payment_plan: { deposit_percent: 20, instalments: [{ percent: 40, due: hijriFromNow(2) }, { percent: 40, due: hijriFromNow(4) }] } },
      locale: 'en',
    });
    expect(set.status).toBe(200);
  });

  it('withdrawn: their open checkout is voided, the applicant pays, and they get 404 to pay and for their receipt', async () => {
    const { organiser, member, id } = await family();
    const deposit = await pay(member.token, id, 'deposit');
    expect(deposit.status).toBe('paid');
    const open = await opened(member.token, id, 'instalment-1');
    // While it is open, the applicant is kept waiting.
    const waiting = await start(organiser.token, id, 'instalment-1');
    expect(waiting.status).toBe(409);
    expect(waiting.json!.error.message).toBe(en.ApiErrors.payment_in_progress);

    expect((await call(invitationRoute.DELETE, { method: 'DELETE', token: organiser.token, params: { id, pilgrim: 'companion-0' } })).status).toBe(204);
    expect(await statusOf(open.id)).toBe('voided');
    expect(await ledgerOf(open)).toBe('voided');
    // The page they had open can no longer take money.
    expect((await payOnTestGateway(gatewayId(open), TEST_CARDS.success)).outcome.kind).toBe('voided');

    const applicants = await start(organiser.token, id, 'instalment-1');
    expect(applicants.status).toBe(201);
    expect(applicants.json!.data).toMatchObject({ part: 'instalment-1', status: 'pending' });
    expect((await start(member.token, id, 'instalment-2')).status).toBe(404);
    expect((await call(receiptRoute.GET, { token: member.token, params: { id: deposit.id } })).status).toBe(404);
    expect((await call(receiptRoute.GET, { token: member.token, params: { id: open.id } })).status).toBe(404);
    // Nor their payments themselves (issue 57, item 6, C): as the receipt and the pay page, 404.
    expect((await call(paymentRoute.GET, { token: member.token, params: { id: deposit.id } })).status).toBe(404);
    expect((await call(paymentRoute.GET, { token: member.token, params: { id: open.id } })).status).toBe(404);
    // The applicant still has the receipt of what the companion paid.
    expect((await call(receiptRoute.GET, { token: organiser.token, params: { id: deposit.id } })).status).toBe(200);
    expect((await details(organiser.token, id)).payment_plan.parts[0]).toMatchObject({ part: 'deposit', state: 'paid', paid_by: 'Companion Checkout' });
  });

  it('left: their open checkout is voided and the applicant pays', async () => {
    const { organiser, member, id } = await family();
    const open = await opened(member.token, id, 'full');
    expect((await start(organiser.token, id, 'full')).json!.error.message).toBe(en.ApiErrors.payment_in_progress);
    expect((await call(sharedRoute.DELETE, { method: 'DELETE', token: member.token, params: { id } })).status).toBe(204);
    expect(await statusOf(open.id)).toBe('voided');
    expect((await start(member.token, id, 'full')).status).toBe(404);
    expect((await call(paymentRoute.GET, { token: member.token, params: { id: open.id } })).status).toBe(404);
    const applicants = await start(organiser.token, id, 'full');
    expect(applicants.status).toBe(201);
    expect(applicants.json!.data.id).not.toBe(open.id);
  });

  it('removed from the answers: their open checkout is voided and the applicant pays', async () => {
    const { organiser, member, id } = await family();
    await pay(organiser.token, id, 'deposit');
    const reviewer = await signedInStaff('reviewer', 'Checkout Reviewer');
    const asked = await consoleCall(reviewRoute.POST, { method: 'POST', staffCookie: reviewer.cookie, params: { id }, body: { status: 'changes_requested', note: 'Your photo, please.', flags: { applicant: ['photo'] } } });
    expect(asked.status).toBe(200);
    const open = await opened(member.token, id, 'instalment-1');
    expect((await start(organiser.token, id, 'instalment-1')).json!.error.message).toBe(en.ApiErrors.payment_in_progress);

    const version = (await details(organiser.token, id)).version;
    const saved = await call(oneRoute.PATCH, { method: 'PATCH', token: organiser.token, params: { id }, body: { step: 'companions', data: [], version } });
    expect(saved.status).toBe(200);
    expect(await statusOf(open.id)).toBe('voided');
    expect((await start(member.token, id, 'instalment-1')).status).toBe(404);
    expect((await start(organiser.token, id, 'instalment-1')).status).toBe(201);
  });
});
