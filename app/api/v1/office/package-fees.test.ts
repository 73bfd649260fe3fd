import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { SERVICE } from '@/test/answers';
import { readyDraft } from '@/test/requests';
import { consoleCall, signedInStaff, useOpsKey } from '@/test/staff';
import { queryRows } from '@/lib/server/db/client';
import * as catalogueRoute from './catalogue/route';
import * as changeRoute from './catalogue/[id]/route';
import * as typesRoute from '../request-types/route';
import * as submitRoute from '../requests/[id]/submit/route';
import * as reopenRoute from '../requests/[id]/reopen/route';
import * as startPaymentRoute from '../requests/[id]/payments/route';

// Issue 40, item 1: each package has its own fee, set by the office; a request pays its package's fee for each
// pilgrim, fixed when it is sent.
withTestDatabase();
beforeAll(() => useOpsKey());
afterAll(() => useOpsKey(undefined));

const FEES = { economy: 1_200_000, standard: 1_650_000, premium: 2_400_000 };
const change = (cookie: string, id: string, body: unknown, locale: 'en' | 'ar' = 'en') =>
  consoleCall(changeRoute.PATCH, { method: 'PATCH', staffCookie: cookie, params: { id }, body, locale });
const published = async (id: string) => (await call(typesRoute.GET)).json!.data.find((type: { id: string }) => type.id === id);

/** A Hajj request for the applicant and one companion in `pkg`, sent: it awaits payment. */
async function sentIn(token: string, pkg: string) {
  const id = await readyDraft(token, { service: { ...SERVICE, package: pkg } });
  const sent = await call(submitRoute.POST, { token, params: { id }, body: {} });
  expect(sent.status).toBe(200);
  return { id, fee: sent.json!.data.fee_minor as number };
}

describe('a fee per package', () => {
  it('starts at the one fee each service had: every package the same, nothing a pilgrim pays changes', async () => {
    const hajj = await published('hajj');
    expect(hajj.fees_minor).toEqual({ economy: hajj.fee_minor, standard: hajj.fee_minor, premium: hajj.fee_minor });
    const umrah = await published('umrah');
    // Only the packages offered are answered.
    expect(umrah.fees_minor).toEqual({ standard: umrah.fee_minor, premium: umrah.fee_minor });
  });

  it('an admin sets each package\'s fee: published per package, the lowest as "from", audited per package', async () => {
    const admin = await signedInStaff('admin');
    const before = await published('hajj');
    const changed = await change(admin.cookie, 'hajj', { fees_minor: FEES });
    expect(changed.status).toBe(200);
    expect(changed.json!.data).toMatchObject({ fees_minor: FEES, fee_minor: FEES.economy });
    expect(await published('hajj')).toMatchObject({ fees_minor: FEES, fee_minor: FEES.economy });
    const inConsole = (await consoleCall(catalogueRoute.GET, { staffCookie: admin.cookie })).json!.data.find((type: { id: string }) => type.id === 'hajj');
    expect(inConsole.fees_minor).toEqual(FEES);

    const [row] = await queryRows<{ details: Record<string, string> }>(sql`select details from audit_log where action = 'catalogue.change' order by id desc limit 1`);
    expect(row!.details).toMatchObject({
      'fees_minor.economy': `${before.fees_minor.economy} → ${FEES.economy}`,
      'fees_minor.standard': `${before.fees_minor.standard} → ${FEES.standard}`,
      'fees_minor.premium': `${before.fees_minor.premium} → ${FEES.premium}`,
    });

    // One package alone: the others keep theirs.
    expect((await change(admin.cookie, 'hajj', { fees_minor: { premium: '2500000' } })).json!.data.fees_minor).toEqual({ ...FEES, premium: 2_500_000 });
    expect((await change(admin.cookie, 'hajj', { fees_minor: FEES })).status).toBe(200);
  });

  it('refuses a fee for a package the service does not offer, and a fee that is no amount, in the reader\'s language', async () => {
    const admin = await signedInStaff('admin');
    const unknown = await change(admin.cookie, 'umrah', { fees_minor: { economy: 100_000 } });
    expect(unknown.status).toBe(422);
    expect(unknown.json!.error.fields).toEqual({ 'fees_minor.economy': ['This service does not offer this package: offer it first, or leave its fee out.'] });
    const unknownAr = await change(admin.cookie, 'umrah', { fees_minor: { economy: 100_000 } }, 'ar');
    expect(unknownAr.json!.error.fields['fees_minor.economy']).toEqual(['لا تعرض هذه الخدمة هذه الباقة: اعرضها أولًا، أو لا تُدخل رسومًا لها.']);
    const wrong = await change(admin.cookie, 'umrah', { fees_minor: { standard: -1, premium: 'lots' } });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.json!.error.fields).sort()).toEqual(['fees_minor.premium', 'fees_minor.standard']);
    // Offered in the same change: then it may have a fee.
    const offered = await change(admin.cookie, 'umrah', { packages: ['economy', 'standard', 'premium'], fees_minor: { economy: 150_000 } });
    expect(offered.status).toBe(200);
    expect(offered.json!.data.fees_minor.economy).toBe(150_000);
    expect(offered.json!.data.fee_minor).toBe(150_000);
    // fee_minor alone is one price for every package, as before packages had their own.
    const one = await change(admin.cookie, 'umrah', { fee_minor: 250_000, packages: ['standard', 'premium'] });
    expect(one.json!.data).toMatchObject({ fee_minor: 250_000, fees_minor: { standard: 250_000, premium: 250_000 } });
  });

  it('a request pays its package\'s fee for each pilgrim; the checkout asks that amount; a price changed later leaves it as sent', async () => {
    const admin = await signedInStaff('admin');
    expect((await change(admin.cookie, 'hajj', { fees_minor: FEES })).status).toBe(200);
    const { token } = await newUser();
    // The economy request from an account of its own: one account holds one unpaid request per service (issue 58, item 2).
    const economy = await sentIn((await newUser()).token, 'economy');
    const premium = await sentIn(token, 'premium');
    expect(economy.fee).toBe(FEES.economy * 2);
    expect(premium.fee).toBe(FEES.premium * 2);
    const checkout = await call(startPaymentRoute.POST, { token, params: { id: premium.id }, body: {} });
    expect(checkout.status).toBe(201);
    expect(checkout.json!.data.amount_minor).toBe(FEES.premium * 2);

    // The office raises the premium fee: the request already sent keeps the fee it was sent with, and so does its checkout.
    expect((await change(admin.cookie, 'hajj', { fees_minor: { premium: 3_000_000 } })).status).toBe(200);
    const [kept] = await queryRows<{ fee_minor: number }>(sql`select fee_minor from requests where id = ${premium.id}`);
    expect(kept!.fee_minor).toBe(FEES.premium * 2);
    const again = await call(startPaymentRoute.POST, { token, params: { id: premium.id }, body: {} });
    expect(again.json!.data.amount_minor).toBe(FEES.premium * 2);

    // Changing the answers and sending again is a new sending: at the price of then.
    expect((await call(reopenRoute.POST, { token, params: { id: premium.id }, body: {} })).status).toBe(200);
    const resent = await call(submitRoute.POST, { token, params: { id: premium.id }, body: {} });
    expect(resent.json!.data.fee_minor).toBe(3_000_000 * 2);
    expect((await change(admin.cookie, 'hajj', { fees_minor: FEES })).status).toBe(200);
  });
});
