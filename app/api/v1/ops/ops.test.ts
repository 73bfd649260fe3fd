import { afterEach, describe, expect, it } from 'vitest';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { paidAtCounter, submittedRequest } from '@/test/requests';
import { resetEnvForTests } from '@/lib/server/env';
import { person } from '@/test/answers';
import * as oneRoute from '../requests/[id]/route';
import * as submitRoute from '../requests/[id]/submit/route';
import * as cancelRoute from '../requests/[id]/cancel/route';
import * as opsRoute from './requests/[id]/status/route';

withTestDatabase();

const KEY = 'office-key-0123456789abcdef';

function useOpsKey(key: string | undefined) {
  if (key === undefined) delete process.env.OPS_API_KEY;
  else process.env.OPS_API_KEY = key;
  resetEnvForTests();
}
afterEach(() => useOpsKey(undefined));

const submitted = submittedRequest;

function move(idOrReference: string, body: Record<string, string>, key?: string) {
  return call(opsRoute.POST, { params: { id: idOrReference }, body, headers: key ? { 'x-ops-key': key } : {}, locale: 'en' });
}

describe('POST /ops/requests/{id}/status', () => {
  it('is refused to everyone while OPS_API_KEY is unset, and without the right key', async () => {
    const { token } = await newUser();
    const { id } = await submitted(token);
    useOpsKey(undefined);
    expect((await move(id, { status: 'submitted' }, KEY)).status).toBe(403);
    useOpsKey(KEY);
    expect((await move(id, { status: 'submitted' })).status).toBe(403);
    expect((await move(id, { status: 'submitted' }, `${KEY}x`)).status).toBe(403);
    // A user's token is no office key.
    const asUser = await call(opsRoute.POST, { params: { id }, body: { status: 'submitted' }, token });
    expect(asUser.status).toBe(403);
  });

  it('moves a request through review by id or reference, each move in the history with its note', async () => {
    useOpsKey(KEY);
    const { token } = await newUser();
    const { id, reference } = await submitted(token);
    // Paid at the office counter: a payment (counter-payments.test.ts), never a bare move.
    expect((await paidAtCounter(reference)).request.status).toBe('submitted');
    expect((await move(id, { status: 'under_review' }, KEY)).json!.data.status).toBe('under_review');
    expect((await move(reference, { status: 'changes_requested', note: 'The photo is blurred' }, KEY)).json!.data.status).toBe('changes_requested');

    // The user answers the request for changes and sends it again.
    const details = (await call(oneRoute.GET, { token, params: { id } })).json!.data;
    const saved = await call(oneRoute.PATCH, { method: 'PATCH', token, params: { id }, body: { step: 'applicant', data: person({ mobile: '+966555555555' }), version: details.version, complete: true } });
    expect(saved.status).toBe(200);
    const again = await call(submitRoute.POST, { token, params: { id }, body: {} });
    expect(again.json!.data.status).toBe('submitted');
    expect(again.json!.data.reference).toBe(reference);

    await move(id, { status: 'under_review' }, KEY);
    expect((await move(id, { status: 'approved', note: 'Welcome' }, KEY)).json!.data.status).toBe('approved');

    const history = (await call(oneRoute.GET, { token, params: { id } })).json!.data.history;
    expect(history.map((h: { to: string }) => h.to)).toEqual([
      'pending_payment', 'submitted', 'under_review', 'changes_requested', 'submitted', 'under_review', 'approved',
    ]);
    expect(history[1]).toMatchObject({ from: 'pending_payment', actor: 'system', note: null });
    expect(history[3]).toMatchObject({ note: 'The photo is blurred' });
  });

  it('refuses a move the state machine does not allow with 409, and an unknown status with 422', async () => {
    useOpsKey(KEY);
    const { token } = await newUser();
    const { id } = await submitted(token);
    expect((await move(id, { status: 'approved' }, KEY)).status).toBe(409);
    const unknown = await move(id, { status: 'lost' }, KEY);
    expect(unknown.status).toBe(422);
    expect(unknown.json!.error.fields.status).toEqual(['Choose the Status from the list']);
    expect((await move('HJ-1400-999999', { status: 'submitted' }, KEY)).status).toBe(404);
  });

  it('refuses to move a request awaiting payment to submitted without a payment (409, localized), leaving it unpaid and unmoved', async () => {
    useOpsKey(KEY);
    const { token } = await newUser();
    const { id, reference } = await submitted(token);
    for (const locale of ['en', 'ar'] as const) {
      const bare = await call(opsRoute.POST, { params: { id: reference }, body: { status: 'submitted', note: 'Paid at the office counter' }, headers: { 'x-ops-key': KEY }, locale });
      expect(bare.status).toBe(409);
      expect(bare.json!.error.message).toBe(
        locale === 'en'
          ? 'A request awaiting payment moves on only when its fee is paid. Record the payment received at the counter (amount, receipt number, who received it) instead.'
          : 'لا ينتقل الطلب الذي ينتظر الدفع إلا بعد دفع رسومه. سجّل بدلًا من ذلك الدفعة المستلمة في المكتب (المبلغ ورقم الإيصال ومن استلمها).',
      );
    }
    const details = (await call(oneRoute.GET, { token, params: { id } })).json!.data;
    expect(details.status).toBe('pending_payment');
    expect(details.money?.state).toBe('unpaid');
    expect(details.history.map((h: { to: string }) => h.to)).toEqual(['pending_payment']);
  });

  it('the user cannot cancel once the office is reviewing', async () => {
    useOpsKey(KEY);
    const { token } = await newUser();
    const { id } = await submitted(token);
    await paidAtCounter(id);
    await move(id, { status: 'under_review' }, KEY);
    expect((await call(cancelRoute.POST, { token, params: { id }, body: {} })).status).toBe(409);
  });
});
