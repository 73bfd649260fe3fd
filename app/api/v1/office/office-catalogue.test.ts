import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { readyDraft, submittedRequest } from '@/test/requests';
import { consoleCall, signedInStaff, useOpsKey } from '@/test/staff';
import { queryRows } from '@/lib/server/db/client';
import * as catalogueRoute from './catalogue/route';
import * as changeRoute from './catalogue/[id]/route';
import * as typesRoute from '../request-types/route';
import * as listRoute from '../requests/route';
import * as submitRoute from '../requests/[id]/submit/route';

withTestDatabase();
beforeAll(() => useOpsKey());
afterAll(() => useOpsKey(undefined));

const change = (cookie: string, id: string, body: unknown) => consoleCall(changeRoute.PATCH, { method: 'PATCH', staffCookie: cookie, params: { id }, body, locale: 'en' });

describe('the catalogue', () => {
  it('lets an admin change a fee: requests sent afterwards pay it, those sent before keep theirs; audited with old and new values', async () => {
    const admin = await signedInStaff('admin');
    const pilgrim = await newUser();
    const before = await submittedRequest(pilgrim.token);
    const hajj = (await consoleCall(catalogueRoute.GET, { staffCookie: admin.cookie })).json!.data.find((type: { id: string }) => type.id === 'hajj');
    const newFee = hajj.fee_minor + 100_000;

    const changed = await change(admin.cookie, 'hajj', { fee_minor: newFee });
    expect(changed.status).toBe(200);
    expect(changed.json!.data.fee_minor).toBe(newFee);
    const published = (await call(typesRoute.GET)).json!.data.find((type: { id: string }) => type.id === 'hajj');
    expect(published.fee_minor).toBe(newFee);

    // From another account: one account holds one unpaid request per service (issue 58, item 2), and `before` awaits payment.
    const after = await submittedRequest((await newUser()).token);
    expect(after.fee).toBe(newFee * 2);
    expect(before.fee).toBe(hajj.fee_minor * 2);
    const [kept] = await queryRows<{ fee_minor: number }>(sql`select fee_minor from requests where id = ${before.id}`);
    expect(kept!.fee_minor).toBe(hajj.fee_minor * 2);

    const [row] = await queryRows<{ action: string; details: Record<string, string>; staff_id: string }>(sql`select * from audit_log where action = 'catalogue.change' order by id desc limit 1`);
    expect(row).toMatchObject({ staff_id: admin.id, details: { feeMinor: `${hajj.fee_minor} → ${newFee}` } });
  });

  it('checks the season as a whole and the numbers; a reviewer or finance may not change it', async () => {
    const admin = await signedInStaff('admin');
    const reviewer = await signedInStaff('reviewer');
    const finance = await signedInStaff('finance');
    const backwards = await change(admin.cookie, 'umrah', { season_start: '01-10-1448', season_end: '01-09-1448' });
    expect(backwards.status).toBe(422);
    expect(backwards.json!.error.fields.season_end).toEqual(['The season must end after it starts.']);
    const wrong = await change(admin.cookie, 'umrah', { fee_minor: -5, companion_limit: 'many', season_start: '31-02-1448' });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.json!.error.fields).sort()).toEqual(['companion_limit', 'fee_minor', 'season_start']);
    expect((await change(admin.cookie, 'lost', { fee_minor: 1 })).status).toBe(404);
    expect((await change(reviewer.cookie, 'umrah', { fee_minor: 1 })).status).toBe(403);
    expect((await change(finance.cookie, 'umrah', { fee_minor: 1 })).status).toBe(403);
  });
});

describe('the catalogue: packages and the open/closed switch', () => {
  const submit = (token: string, id: string) => call(submitRoute.POST, { token, params: { id }, body: {} });

  it('a closed service starts no new application and sends no draft; the draft is kept and goes once it opens again; audited', async () => {
    const admin = await signedInStaff('admin');
    const pilgrim = await newUser();
    const draft = await readyDraft(pilgrim.token);

    const closed = await change(admin.cookie, 'hajj', { open: false });
    expect(closed.status).toBe(200);
    expect(closed.json!.data.open).toBe(false);
    expect((await call(typesRoute.GET)).json!.data.find((type: { id: string }) => type.id === 'hajj').open).toBe(false);

    const started = await call(listRoute.POST, { token: pilgrim.token, body: { type: 'hajj' }, locale: 'en' });
    expect(started.status).toBe(409);
    expect(started.json!.error.message).toMatch(/not taking applications for this service/);
    const sent = await submit(pilgrim.token, draft);
    expect(sent.status).toBe(409);
    const [kept] = await queryRows<{ status: string }>(sql`select status from requests where id = ${draft}`);
    expect(kept!.status).toBe('draft');
    // The other service is not touched.
    expect((await call(listRoute.POST, { token: pilgrim.token, body: { type: 'umrah' } })).status).toBe(201);

    expect((await change(admin.cookie, 'hajj', { open: 'true' })).json!.data.open).toBe(true);
    expect((await submit(pilgrim.token, draft)).status).toBe(200);
    const rows = await queryRows<{ details: Record<string, string> }>(sql`select details from audit_log where action = 'catalogue.change' and target_id = 'hajj' order by id`);
    expect(rows.slice(-2).map((row) => row.details)).toEqual([{ open: 'true → false' }, { open: 'false → true' }]);
  });

  it('offers the packages an admin chooses, at least one, among those the messages name; a draft on a withdrawn package is asked to choose again', async () => {
    const admin = await signedInStaff('admin');
    const pilgrim = await newUser();
    const draft = await readyDraft(pilgrim.token);
    const chosen = (await queryRows<{ data: { service: { package: string } } }>(sql`select data from requests where id = ${draft}`))[0]!.data.service.package;
    const others = ['economy', 'standard', 'premium'].filter((name) => name !== chosen);

    // Sent in any order, kept in the catalogue's order.
    const changed = await change(admin.cookie, 'hajj', { packages: [...others].reverse() });
    expect(changed.status).toBe(200);
    expect(changed.json!.data.packages).toEqual(others);
    const refused = await submit(pilgrim.token, draft);
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.json!.error.fields)).toContain('service.package');

    const none = await change(admin.cookie, 'hajj', { packages: [] });
    expect(none.status).toBe(422);
    expect(none.json!.error.fields.packages).toEqual(['Choose at least one package to offer.']);
    const unknown = await change(admin.cookie, 'hajj', { packages: ['gold'] });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.json!.error.fields)[0]).toMatch(/^packages/);

    expect((await change(admin.cookie, 'hajj', { packages: ['economy', 'standard', 'premium'] })).status).toBe(200);
    expect((await submit(pilgrim.token, draft)).status).toBe(200);
  });
});
