import { eq, inArray, sql } from 'drizzle-orm';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb, queryRows } from '@/lib/server/db/client';
import { documents, payments, requests, retainedPayments, users } from '@/lib/server/db/schema';
import { fileStorage, resetFileStorageForTests } from '@/lib/server/uploads/storage';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { upload } from '@/test/api-form';
import { newUser } from '@/test/accounts';
import { pdfFile, pngFile } from '@/test/files';
import type { StoredPaymentStatus } from '@/lib/contract/payments';
import type { RequestStatus } from '@/lib/requests/statuses';
import * as meRoute from './route';
import * as listRoute from '../requests/route';
import * as documentsRoute from '../requests/[id]/documents/route';

withTestDatabase();

// S3 is answered by MSW in the S3 test only; everything else passes through.
const s3 = setupServer();
beforeAll(() => s3.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  s3.resetHandlers();
  vi.unstubAllEnvs();
  resetFileStorageForTests();
});
afterAll(() => s3.close());

let sequence = 0;

/** A request of the user with an uploaded passport scan and photo, moved to `status`; answers its id, reference and files. */
async function requestWithFiles(token: string, status: RequestStatus = 'draft') {
  const id = (await call(listRoute.POST, { token, body: { type: 'umrah' } })).json!.data.id as string;
  for (const [kind, file] of [['passport', pdfFile()], ['photo', pngFile()]] as const) {
    const { status: uploaded } = await upload(documentsRoute.POST, { pilgrim: 'applicant', kind, file }, { token, params: { id } });
    expect(uploaded).toBe(201);
  }
  sequence += 1;
  const reference = status === 'draft' ? null : `UM-1448-9${String(sequence).padStart(5, '0')}`;
  const db = await getDb();
  await db.update(requests).set({ status, reference, feeMinor: 50_000, currency: 'SAR' }).where(eq(requests.id, id));
  const keys = (await db.select({ key: documents.storageKey }).from(documents).where(eq(documents.requestId, id))).map((row) => row.key);
  expect(keys).toHaveLength(2);
  return { id, reference, keys };
}

async function pay(userId: string, requestId: string, status: StoredPaymentStatus) {
  const db = await getDb();
  sequence += 1;
  const [row] = await db
    .insert(payments)
    .values({
      requestId,
      userId,
      provider: 'test',
      providerPaymentId: `tg_${sequence}_${status}`,
      amountMinor: 50_000,
      currency: 'SAR',
      status,
      cardLast4: '1111',
      idempotencyKey: `key-${sequence}`,
      redirectUrl: 'http://portal.test/test-gateway/x',
      paidAt: status === 'paid' || status === 'refunded' ? new Date('2026-11-20T10:00:00Z') : null,
      refundedAt: status === 'refunded' ? new Date('2026-11-21T10:00:00Z') : null,
    })
    .returning();
  return row!;
}

async function stored(keys: string[]) {
  return Promise.all(keys.map(async (key) => (await fileStorage().get(key)) !== null));
}

async function accountExists(userId: string) {
  const db = await getDb();
  return (await db.select({ id: users.id }).from(users).where(eq(users.id, userId))).length === 1;
}

describe('DELETE /me: the stored files', () => {
  it('deletes the file of every document of every request of the account', async () => {
    const { token, user } = await newUser();
    const draft = await requestWithFiles(token);
    const rejected = await requestWithFiles(token, 'rejected');
    const expired = await requestWithFiles(token, 'expired');
    await pay(user.id, expired.id, 'failed');
    const other = await newUser('Someone Else');
    const untouched = await requestWithFiles(other.token);
    const keys = [...draft.keys, ...rejected.keys, ...expired.keys];
    expect(await stored(keys)).toEqual(keys.map(() => true));

    expect((await call(meRoute.DELETE, { method: 'DELETE', token })).status).toBe(204);

    expect(await stored(keys)).toEqual(keys.map(() => false));
    expect(await stored(untouched.keys)).toEqual([true, true]);
    const db = await getDb();
    expect(await db.select().from(documents).where(inArray(documents.requestId, [draft.id, rejected.id, expired.id]))).toEqual([]);
    expect(await accountExists(user.id)).toBe(false);
  });

  it('deletes the objects from S3 when uploads live there', async () => {
    vi.stubEnv('S3_BUCKET', 'uploads');
    vi.stubEnv('S3_ENDPOINT', 'http://127.0.0.1:9000');
    vi.stubEnv('S3_ACCESS_KEY_ID', 'AKIDEXAMPLE');
    vi.stubEnv('S3_SECRET_ACCESS_KEY', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY');
    resetFileStorageForTests();
    const bucket = new Map<string, Uint8Array>();
    const deleted: string[] = [];
    const keyOf = (url: string) => new URL(url).pathname.replace(/^\/uploads\//, '');
    s3.use(
      http.put('http://127.0.0.1:9000/uploads/*', async ({ request }) => {
        bucket.set(keyOf(request.url), new Uint8Array(await request.arrayBuffer()));
        return new HttpResponse(null, { status: 200 });
      }),
      http.delete('http://127.0.0.1:9000/uploads/*', ({ request }) => {
        deleted.push(keyOf(request.url));
        bucket.delete(keyOf(request.url));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { token } = await newUser();
    const first = await requestWithFiles(token);
    const second = await requestWithFiles(token, 'rejected');
    expect([...bucket.keys()].sort()).toEqual([...first.keys, ...second.keys].sort());

    expect((await call(meRoute.DELETE, { method: 'DELETE', token })).status).toBe(204);

    // Each document's thumbnail goes with it, made or not (S3 answers a delete of a missing key as done).
    const keys = [...first.keys, ...second.keys];
    expect(deleted.sort()).toEqual([...keys, ...keys.map((key) => `${key}-thumbnail.jpg`)].sort());
    expect(bucket.size).toBe(0);
  });
});

describe('DELETE /me: refused while money is moving or a paid request is under way', () => {
  it.each<[string, RequestStatus, StoredPaymentStatus, string | null]>([
    ['a refund is still owed', 'cancelled', 'refunding', null],
    ['a voided checkout the gateway has not confirmed closed', 'cancelled', 'voided', 'voided'],
  ])('409 while %s: the money must be settled first', async (_, requestStatus, paymentStatus, failureReason) => {
    const { token, user } = await newUser();
    const request = await requestWithFiles(token, requestStatus);
    const payment = await pay(user.id, request.id, paymentStatus);
    await (await getDb()).update(payments).set({ failureReason }).where(eq(payments.id, payment.id));
    expect((await call(meRoute.DELETE, { method: 'DELETE', token, locale: 'en' })).status).toBe(409);
    expect(await accountExists(user.id)).toBe(true);
    // Once the gateway confirmed the checkout closed, nothing holds the deletion.
    if (paymentStatus === 'voided') {
      await (await getDb()).update(payments).set({ failureReason: 'void_confirmed' }).where(eq(payments.id, payment.id));
      expect((await call(meRoute.DELETE, { method: 'DELETE', token, locale: 'en' })).status).toBe(204);
    }
  });

  it('409 while a payment is open, saying why in the reader\'s language; nothing is deleted', async () => {
    const { token, user } = await newUser();
    const request = await requestWithFiles(token, 'pending_payment');
    await pay(user.id, request.id, 'pending');

    const en = await call(meRoute.DELETE, { method: 'DELETE', token, locale: 'en' });
    expect(en.status).toBe(409);
    expect(en.json!.error).toEqual({
      code: 'conflict',
      message: 'Your account cannot be deleted while a payment is in progress. Wait until it is completed or has failed, then try again.',
    });
    const ar = await call(meRoute.DELETE, { method: 'DELETE', token, locale: 'ar' });
    expect(ar.status).toBe(409);
    expect(ar.json!.error.message).toBe('لا يمكن حذف حسابك ما دامت هناك عملية دفع قيد التنفيذ. انتظر حتى تكتمل أو تفشل، ثم حاول مرة أخرى.');

    expect(await accountExists(user.id)).toBe(true);
    expect(await stored(request.keys)).toEqual([true, true]);
    expect((await call(meRoute.GET, { token })).status).toBe(200);
  });

  it.each<RequestStatus>(['submitted', 'under_review', 'changes_requested', 'approved', 'cancelled'])(
    '409 while a paid request is %s, naming its reference',
    async (status) => {
      const { token, user } = await newUser();
      const request = await requestWithFiles(token, status);
      await pay(user.id, request.id, 'paid');

      const en = await call(meRoute.DELETE, { method: 'DELETE', token, locale: 'en' });
      expect(en.status).toBe(409);
      expect(en.json!.error.message).toBe(
        `Your account cannot be deleted while the office is handling a request you paid for (${request.reference}). You can cancel a request that is not yet under review; otherwise, please contact the office.`,
      );
      const ar = await call(meRoute.DELETE, { method: 'DELETE', token, locale: 'ar' });
      expect(ar.json!.error.message).toBe(
        `لا يمكن حذف حسابك ما دام المكتب يعالج طلبًا دفعت رسومه (${request.reference}). يمكنك إلغاء الطلب إن لم تبدأ مراجعته بعد، وإلا فيُرجى التواصل مع المكتب.`,
      );
      expect(await accountExists(user.id)).toBe(true);
      expect(await stored(request.keys)).toEqual([true, true]);
    },
  );
});

describe('DELETE /me: the financial records', () => {
  it('keeps paid and refunded payments without the person; payments that moved no money go', async () => {
    const { token, user } = await newUser();
    const rejected = await requestWithFiles(token, 'rejected');
    const cancelled = await requestWithFiles(token, 'cancelled');
    const expired = await requestWithFiles(token, 'expired');
    const paid = await pay(user.id, rejected.id, 'paid');
    const refunded = await pay(user.id, cancelled.id, 'refunded');
    const failed = await pay(user.id, expired.id, 'failed');

    expect((await call(meRoute.DELETE, { method: 'DELETE', token })).status).toBe(204);

    const db = await getDb();
    expect(await db.select().from(payments).where(inArray(payments.id, [paid.id, refunded.id, failed.id]))).toEqual([]);
    const kept = await db.select().from(retainedPayments).where(inArray(retainedPayments.id, [paid.id, refunded.id, failed.id]));
    const byId = Object.fromEntries(kept.map((row) => [row.id, row]));
    expect(byId).toEqual({
      [paid.id]: {
        id: paid.id,
        provider: 'test',
        providerPaymentId: paid.providerPaymentId,
        amountMinor: 50_000,
        currency: 'SAR',
        status: 'paid',
        requestReference: rejected.reference,
        requestTypeId: 'umrah',
        createdAt: paid.createdAt,
        paidAt: new Date('2026-11-20T10:00:00Z'),
        refundedAt: null,
        part: 'full',
        refundedMinor: 0,
        refundReason: null,
        accountDeletedAt: expect.any(Date),
      },
      [refunded.id]: {
        id: refunded.id,
        provider: 'test',
        providerPaymentId: refunded.providerPaymentId,
        amountMinor: 50_000,
        currency: 'SAR',
        status: 'refunded',
        requestReference: cancelled.reference,
        requestTypeId: 'umrah',
        createdAt: refunded.createdAt,
        paidAt: new Date('2026-11-20T10:00:00Z'),
        refundedAt: new Date('2026-11-21T10:00:00Z'),
        part: 'full',
        refundedMinor: 50_000,
        refundReason: null,
        accountDeletedAt: expect.any(Date),
      },
    });
    // Nothing in the table can lead back to the person: no user, request, card, e-mail or name column.
    const columns = await queryRows<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name = 'retained_payments' order by column_name`,
    );
    expect(columns.map((column) => column.column_name)).toEqual([
      'account_deleted_at',
      'amount_minor',
      'created_at',
      'currency',
      'id',
      'paid_at',
      'part',
      'provider',
      'provider_payment_id',
      'refund_reason',
      'refunded_at',
      'refunded_minor',
      'request_reference',
      'request_type_id',
      'status',
    ]);
  });

  it('keeps what of each payment went back: a partial refund, and a cheaper package\'s difference of a payment still paid (issue 57)', async () => {
    const { token, user } = await newUser();
    const cancelled = await requestWithFiles(token, 'cancelled');
    const rejected = await requestWithFiles(token, 'rejected');
    const partly = await pay(user.id, cancelled.id, 'refunded');
    const changed = await pay(user.id, rejected.id, 'paid');
    const db = await getDb();
    await db.update(payments).set({ refundAmountMinor: 14_000, refundReason: 'cancelled' }).where(eq(payments.id, partly.id));
    await db.update(payments).set({ part: 'difference-1', changeRefundMinor: 10_000, changeRefundedMinor: 10_000, refundReason: 'package_change' }).where(eq(payments.id, changed.id));

    expect((await call(meRoute.DELETE, { method: 'DELETE', token })).status).toBe(204);

    const kept = await db.select().from(retainedPayments).where(inArray(retainedPayments.id, [partly.id, changed.id]));
    const byId = Object.fromEntries(kept.map((row) => [row.id, row]));
    expect(byId[partly.id]).toMatchObject({ status: 'refunded', amountMinor: 50_000, refundedMinor: 14_000, refundReason: 'cancelled', part: 'full' });
    expect(byId[changed.id]).toMatchObject({ status: 'paid', amountMinor: 50_000, refundedMinor: 10_000, refundReason: 'package_change', part: 'difference-1' });
  });
});
