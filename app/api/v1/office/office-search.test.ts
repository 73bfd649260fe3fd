import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { withTestDatabase } from '@/test/database';
import { newUser } from '@/test/accounts';
import { paidAtCounter, submittedRequest } from '@/test/requests';
import { consoleCall, signedInStaff, useOpsKey } from '@/test/staff';
import { queryRows } from '@/lib/server/db/client';
import * as queueRoute from './requests/route';

withTestDatabase();
beforeAll(() => useOpsKey());
afterAll(() => useOpsKey(undefined));

describe('searching the queue (issue 41, item 9)', () => {
  it('finds a request by any of its pilgrims: a companion’s name in either script, national ID or passport number as typed', async () => {
    const reviewer = await signedInStaff('reviewer');
    const pilgrim = await newUser();
    const family = await submittedRequest(pilgrim.token);
    // Paid first, so the same account may send the other: one unpaid request per account and service (issue 58, item 2).
    await paidAtCounter(family.id);
    const other = await submittedRequest(pilgrim.token);
    // The companion of one request: a name, an ID and a passport nobody else has.
    const companion = { name_ar: 'خديجة نورالدين', name_latin: 'Khadija Nouraddin', national_id: '2098765432', passport_number: 'K9876543' };
    await queryRows(sql`update requests set data = jsonb_set(data, '{companions,0}', (data -> 'companions' -> 0) || ${JSON.stringify(companion)}::jsonb) where id = ${family.id}`);

    const found = async (q: string) => (await consoleCall(queueRoute.GET, { staffCookie: reviewer.cookie, path: `/api/v1/office/requests?q=${encodeURIComponent(q)}` })).json!.data.map((item: { id: string }) => item.id);
    expect(await found('خديجة')).toEqual([family.id]);
    expect(await found('nouradd')).toEqual([family.id]);
    expect(await found('KHADIJA nouraddin')).toEqual([family.id]);
    expect(await found('2098765432')).toEqual([family.id]);
    expect(await found(' k 987 6543 ')).toEqual([family.id]);
    expect(await found('k9876-543')).toEqual([family.id]);
    // An identifier is matched whole: a part of an ID is not that pilgrim.
    expect(await found('20987654')).toEqual([]);
    // The applicant, the reference and the e-mail are found as before; the other request's companion is still found.
    expect(await found('Aisha')).toEqual(expect.arrayContaining([family.id, other.id]));
    expect(await found('محمد رحمن')).toEqual([other.id]);
    expect(await found(other.reference.toLowerCase())).toEqual([other.id]);
    expect(await found(pilgrim.user.email)).toEqual(expect.arrayContaining([family.id, other.id]));
  });
});
