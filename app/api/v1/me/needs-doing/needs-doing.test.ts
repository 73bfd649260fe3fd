import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { paidAtCounter, readyDraft, submittedRequest } from '@/test/requests';
import { resetEnvForTests } from '@/lib/server/env';
import * as opsRoute from '../../ops/requests/[id]/status/route';
import * as createRoute from '../../requests/route';
import * as route from './route';

// What needs doing (issue 21): one call feeds the account page and the header's count.

withTestDatabase();

const OPS_KEY = 'needs-doing-office-key-0123456789abcdef';
const saved = process.env.OPS_API_KEY;
beforeAll(() => {
  process.env.OPS_API_KEY = OPS_KEY;
  resetEnvForTests();
});
afterAll(() => {
  process.env.OPS_API_KEY = saved;
  resetEnvForTests();
});

async function officeMoves(id: string, status: string, note?: string) {
  const result = await call(opsRoute.POST, { params: { id }, headers: { 'x-ops-key': OPS_KEY }, body: { status, ...(note ? { note } : {}) } });
  expect(result.status, JSON.stringify(result.json)).toBe(200);
}

describe('GET /api/v1/me/needs-doing', () => {
  it('asks for a session', async () => {
    expect((await call(route.GET)).status).toBe(401);
  });

  it('is empty for a new account: nothing needs doing', async () => {
    const { token } = await newUser();
    const { status, json } = await call(route.GET, { token });
    expect(status).toBe(200);
    expect(json!.data).toEqual({ count: 0, awaiting_payment: [], changes_requested: [], instalments_due: [], reserved: [], drafts: [] });
  });

  it('lists payments due, changes asked for (with the office note) and drafts; counts the first two; only the owner’s', async () => {
    const { token } = await newUser();
    // Each paid before the next is sent: an account holds one unpaid request per service (hoarding.test.ts).
    const sentBack = await submittedRequest(token);
    await paidAtCounter(sentBack.id);
    await officeMoves(sentBack.id, 'under_review');
    await officeMoves(sentBack.id, 'changes_requested', 'The passport scan is blurred.\nPlease upload it again.');
    // Reviewed and sent requests need nothing from the pilgrim.
    const reviewed = await submittedRequest(token);
    await paidAtCounter(reviewed.id);
    const awaiting = await submittedRequest(token);
    const draft = await readyDraft(token);
    const empty = (await call(createRoute.POST, { token, body: { type: 'umrah' } })).json!.data.id as string;
    // Another user's requests are not counted.
    const other = await newUser('Omar Farooq');
    await submittedRequest(other.token);

    const { json } = await call(route.GET, { token });
    const data = json!.data;
    expect(data.count).toBe(2);
    expect(data.awaiting_payment.map((r: { id: string }) => r.id)).toEqual([awaiting.id]);
    expect(data.awaiting_payment[0]).toMatchObject({ reference: awaiting.reference, fee_minor: awaiting.fee, currency: 'SAR', money: expect.objectContaining({ state: 'unpaid' }) });
    expect(Date.parse(data.awaiting_payment[0].pay_by)).toBeGreaterThan(Date.now());
    expect(data.changes_requested).toEqual([
      expect.objectContaining({ id: sentBack.id, reference: sentBack.reference, office_note: 'The passport scan is blurred.\nPlease upload it again.' }),
    ]);
    // Drafts, last saved first.
    expect(data.drafts.map((r: { id: string }) => r.id)).toEqual([empty, draft]);
  });
});
