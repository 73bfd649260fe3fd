import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { HAJJ_YEAR, hijriFromNow, SERVICE } from '@/test/answers';
import { readyDraft } from '@/test/requests';
import { getDb } from '@/lib/server/db/client';
import { hijriToGregorian, parseHijri } from '@/lib/validation/hijri';
import * as typesRoute from '../request-types/route';
import * as listRoute from './route';
import * as oneRoute from './[id]/route';
import * as submitRoute from './[id]/submit/route';

// Issue 40, item 1: Hajj in its month. The application window and the pilgrimage (8-13 Dhu al-Hijjah) are two
// things; the travel months offered are those that can still reach Hajj. The test database's Hajj is next year's,
// its applications close next month (test/database.ts), so this holds whatever today is.
withTestDatabase();

const gregorian = (hijri: string) => hijriToGregorian(parseHijri(hijri)!);
const DHU_AL_HIJJAH = `12-${HAJJ_YEAR}`;

async function hajjDraft(token: string) {
  const created = await call(listRoute.POST, { token, body: { type: 'hajj' }, locale: 'en' });
  return created;
}

async function saveService(token: string, id: string, travelMonth: string, locale: 'en' | 'ar' = 'en') {
  const { version } = (await call(oneRoute.GET, { token, params: { id } })).json!.data;
  return call(oneRoute.PATCH, { method: 'PATCH', token, params: { id }, body: { step: 'service', data: { ...SERVICE, travel_month: travelMonth }, version, complete: true }, locale });
}

async function setHajj(values: { applications_close?: string; season_end?: string }) {
  const db = await getDb();
  if (values.applications_close) await db.execute(sql`update request_types set applications_close = ${values.applications_close} where id = 'hajj'`);
  if (values.season_end) await db.execute(sql`update request_types set season_end = ${values.season_end} where id = 'hajj'`);
}

describe('Hajj in its month', () => {
  it('GET /request-types says when Hajj applications close and when Hajj is, in both calendars; Umrah has no days of its own', async () => {
    const types = (await call(typesRoute.GET)).json!.data as { id: string; season: Record<string, unknown> }[];
    const hajj = types.find((type) => type.id === 'hajj')!;
    expect(hajj.season).toMatchObject({
      end: `13-12-${HAJJ_YEAR}`,
      applications_close: hijriFromNow(1, 29),
      applications_close_gregorian: gregorian(hijriFromNow(1, 29)),
      pilgrimage: { start: `08-12-${HAJJ_YEAR}`, end: `13-12-${HAJJ_YEAR}`, start_gregorian: gregorian(`08-12-${HAJJ_YEAR}`), end_gregorian: gregorian(`13-12-${HAJJ_YEAR}`) },
    });
    const umrah = types.find((type) => type.id === 'umrah')!;
    expect(umrah.season.pilgrimage).toBeNull();
    expect(umrah.season.applications_close).toBe(umrah.season.end);
  });

  it('Dhu al-Hijjah, the month of Hajj, can be chosen as the travel month; a month after it cannot, even inside the season', async () => {
    const { token } = await newUser();
    const { json } = await hajjDraft(token);
    const id = json!.data.id as string;
    expect((await saveService(token, id, DHU_AL_HIJJAH)).status).toBe(200);

    // The office's season running on past Hajj offers no later month: one arriving then misses Hajj.
    await setHajj({ season_end: `29-02-${HAJJ_YEAR + 1}` });
    try {
      const after = await saveService(token, id, `01-${HAJJ_YEAR + 1}`);
      expect(after.status).toBe(422);
      expect(after.json!.error.fields).toEqual({ travel_month: ['Choose one of the travel months in the list'] });
      const afterAr = await saveService(token, id, `01-${HAJJ_YEAR + 1}`, 'ar');
      expect(afterAr.json!.error.fields.travel_month).toHaveLength(1);
    } finally {
      await setHajj({ season_end: `13-12-${HAJJ_YEAR}` });
    }
  });

  it('once Hajj applications have closed, no Hajj application starts or is sent, though Hajj is still ahead', async () => {
    const { token } = await newUser();
    const draft = await readyDraft(token);
    await setHajj({ applications_close: hijriFromNow(-1, 1) });
    try {
      const start = await hajjDraft(token);
      expect(start.status).toBe(409);
      expect(start.json!.error.code).toBe('conflict');
      const send = await call(submitRoute.POST, { token, params: { id: draft }, body: {}, locale: 'en' });
      expect(send.status).toBe(409);
      expect(send.json!.error.message).toMatch(/not taking applications/);
      // Umrah, whose applications close with its season, is not touched.
      expect((await call(listRoute.POST, { token, body: { type: 'umrah' } })).status).toBe(201);
      const hajj = (await call(typesRoute.GET)).json!.data.find((type: { id: string }) => type.id === 'hajj');
      expect(hajj.season.applications_close).toBe(hijriFromNow(-1, 1));
    } finally {
      await setHajj({ applications_close: hijriFromNow(1, 29) });
    }
    // Open again: the same draft is sent.
    expect((await call(submitRoute.POST, { token, params: { id: draft }, body: {} })).status).toBe(200);
  });
});
