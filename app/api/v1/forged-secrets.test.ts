import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { submittedRequest } from '@/test/requests';
import { queryRows } from '@/lib/server/db/client';
import { resetEnvForTests } from '@/lib/server/env';
import { payOnTestGateway, signBody, SIGNATURE_HEADER, TEST_CARDS } from '@/lib/server/payments/test-gateway';
import * as startRoute from './requests/[id]/payments/route';
import * as webhookRoute from './webhooks/payments/[provider]/route';
import * as opsRoute from './ops/requests/[id]/status/route';

// A forged webhook signature or office key of the right number of characters
// but other bytes (a non-ASCII character) is a 403 like any other forgery,
// never a 500 from a constant-time comparison of unequal lengths.

withTestDatabase();

const KEY = 'office-key-0123456789abcdef';
afterEach(() => {
  delete process.env.OPS_API_KEY;
  resetEnvForTests();
});

/** Same length in characters as the real value, more bytes in UTF-8 (é is two; headers carry Latin-1). */
const sameLengthOtherBytes = (real: string) => `${real.slice(0, -1)}é`;

describe('forged secrets', () => {
  it('a webhook signature of the right length with a non-ASCII character is refused with 403 and changes nothing', async () => {
    const { token } = await newUser();
    const { id } = await submittedRequest(token);
    const payment = (await call(startRoute.POST, { token, params: { id }, body: {} })).json!.data as { id: string; redirect_url: string };
    const gatewayId = payment.redirect_url.split('/').pop()!;
    await payOnTestGateway(gatewayId, TEST_CARDS.success);
    const body = JSON.stringify({ type: 'payment.paid', data: { id: gatewayId } });
    const real = await signBody(body);
    for (const signature of [sameLengthOtherBytes(real), `${real.slice(0, -2)}\u00ff\u00ff`, real.toUpperCase()]) {
      const response = await webhookRoute.POST(
        new Request('http://portal.test/api/v1/webhooks/payments/test', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept-language': 'en', [SIGNATURE_HEADER]: signature },
          body,
        }),
        { params: Promise.resolve({ provider: 'test' }) },
      );
      expect(response.status, signature).toBe(403);
      expect((await response.json()).error).toEqual({ code: 'forbidden', message: 'You are not allowed to do this.' });
    }
    const rows = await queryRows<{ status: string }>(sql`select status from payments where id = ${payment.id}`);
    expect(rows[0]!.status).toBe('pending');
  });

  it('an office key of the right length with a non-ASCII character is refused with 403', async () => {
    process.env.OPS_API_KEY = KEY;
    resetEnvForTests();
    const { token } = await newUser();
    const { id } = await submittedRequest(token);
    for (const key of [sameLengthOtherBytes(KEY), `\u00e9${KEY.slice(1)}`]) {
      const response = await call(opsRoute.POST, { params: { id }, body: { status: 'under_review' }, headers: { 'x-ops-key': key }, locale: 'en' });
      expect(response.status, key).toBe(403);
      expect(response.json!.error.code).toBe('forbidden');
    }
    // The real key still works.
    expect((await call(opsRoute.POST, { params: { id }, body: { status: 'submitted' }, headers: { 'x-ops-key': KEY } })).status).not.toBe(403);
  });
});
