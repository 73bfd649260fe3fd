import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { hijriFromNow } from '@/test/answers';
import { readyDraft } from '@/test/requests';
import { consoleCall, signedInStaff, useOpsKey } from '@/test/staff';
import { payOnTestGateway, TEST_CARDS } from '@/lib/server/payments/test-gateway';
import { needsDoing } from '@/lib/server/requests/needs-doing';
import * as submitRoute from '../../requests/[id]/submit/route';
import * as startRoute from '../../requests/[id]/payments/route';
import * as oneRoute from '../../requests/[id]/route';
import * as catalogueRoute from '../../office/catalogue/[id]/route';
import * as paymentRoute from '../../payments/[id]/route';
import * as route from './route';

// What needs doing lists an instalment coming due (docs/INSTALMENTS.md): from two weeks before its date, and
// while it is late, with what it is, how much and by when; one months away is not listed, nor one paid.

withTestDatabase();
beforeAll(() => useOpsKey());
afterAll(() => useOpsKey(undefined));

const DAY = 86_400_000;

/** Pays a part on the test gateway and comes back to the portal (which captures it), as a payer does. */
async function paid(token: string, id: string, part?: string) {
  const started = await call(startRoute.POST, { token, params: { id }, body: part ? { part } : {} });
  expect(started.status, JSON.stringify(started.json)).toBe(201);
  const checkout = started.json!.data as { id: string; redirect_url: string };
  await payOnTestGateway(checkout.redirect_url.split('/').pop()!, TEST_CARDS.success);
  expect((await call(paymentRoute.GET, { token, params: { id: checkout.id } })).json!.data.status).toBe('paid');
}

describe('what needs doing: instalments coming due', () => {
  it('lists the next instalment from two weeks before its date, late ones too, counted; not one far off, paid, or before the deposit', async () => {
    const admin = await signedInStaff('admin');
    const plan = { deposit_percent: 20, instalments: [{ percent: 40, due: hijriFromNow(2) }, { percent: 40, due: hijriFromNow(4) }] };
    expect((await consoleCall(catalogueRoute.PATCH, { method: 'PATCH', staffCookie: admin.cookie, params: { id: 'hajj' }, body: { payment_plan: plan }, locale: 'en' })).status).toBe(200);
    const { token, user } = await newUser('Khadija Instalments');
    const id = await readyDraft(token);
    expect((await call(submitRoute.POST, { token, params: { id }, body: {} })).status).toBe(200);

    // Before the first payment the request awaits payment, as before: no instalment is owed yet.
    const before = await needsDoing(user.id);
    expect(before.awaiting_payment.map((request) => request.id)).toEqual([id]);
    expect(before.instalments_due).toEqual([]);

    await paid(token, id, 'deposit');
    const parts = (await call(oneRoute.GET, { token, params: { id } })).json!.data.payment_plan.parts as { part: string; amount_minor: number; due_at: string | null }[];
    const first = parts.find((part) => part.part === 'instalment-1')!;
    const due = Date.parse(first.due_at!);

    // Today the first instalment is two months away: nothing to do, nothing counted.
    const today = (await call(route.GET, { token })).json!.data;
    expect(today).toMatchObject({ count: 0, awaiting_payment: [], instalments_due: [] });

    // Fifteen days before: still not. Thirteen days before: listed, with the request's summary, and counted.
    expect((await needsDoing(user.id, new Date(due - 15 * DAY))).instalments_due).toEqual([]);
    const near = await needsDoing(user.id, new Date(due - 13 * DAY));
    expect(near.count).toBe(1);
    expect(near.instalments_due).toEqual([
      expect.objectContaining({ id, status: 'submitted', money: expect.objectContaining({ state: 'deposit_paid', outstanding_minor: expect.any(Number) }), instalment: { part: 'instalment-1', amount_minor: first.amount_minor, due_at: first.due_at, late: false, grace_days: 3 } }),
    ]);

    // A day after its date, in the grace: late.
    const late = await needsDoing(user.id, new Date(due + DAY));
    expect(late.instalments_due[0]!.instalment).toMatchObject({ part: 'instalment-1', late: true });

    // Paid: the next one, two months on, is not near yet; a week before it, it is.
    await paid(token, id);
    expect((await needsDoing(user.id, new Date(due + DAY))).instalments_due).toEqual([]);
    const second = parts.find((part) => part.part === 'instalment-2')!;
    const later = await needsDoing(user.id, new Date(Date.parse(second.due_at!) - DAY));
    expect(later.instalments_due.map((request) => request.instalment.part)).toEqual(['instalment-2']);

    // Another user's instalments are never listed.
    const other = await newUser('Omar Other');
    expect((await needsDoing(other.user.id, new Date(due - DAY))).instalments_due).toEqual([]);
  });
});
