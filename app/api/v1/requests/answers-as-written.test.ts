import { describe, expect, it } from 'vitest';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { companion, hijriFromNow, person, SERVICE } from '@/test/answers';
import * as listRoute from './route';
import * as oneRoute from './[id]/route';

// Answers as pilgrims write them (issue 20, items 2, 3 and 5), through the API:
// the same shared schemas as the wizard, and what is stored is normalised.

withTestDatabase();

async function newDraft(token: string) {
  const { status, json } = await call(listRoute.POST, { token, body: { type: 'hajj' } });
  expect(status).toBe(201);
  return json!.data as { id: string; version: number };
}

async function save(token: string, id: string, body: Record<string, unknown>, locale: 'en' | 'ar' = 'en') {
  return call(oneRoute.PATCH, { method: 'PATCH', token, body, params: { id }, locale });
}

async function answers(token: string, id: string) {
  const { json } = await call(oneRoute.GET, { token, params: { id } });
  return json!.data.data as Record<string, unknown>;
}

describe('PATCH /requests/{id}: answers as written', () => {
  it('Arabic-Indic digits and a spaced national mobile number complete the step; Western digits and E.164 are stored', async () => {
    const { token } = await newUser();
    const { id } = await newDraft(token);
    const written = person({
      date_of_birth: '١٤-٠٣-١٤١٠',
      national_id: '١٠١٢٣٤٥٦٧٨',
      passport_number: 'A۱۲۳۴۵۶۷',
      passport_expiry: '٠١-٠١-١٤٦٠',
      mobile: '٠٥٠ ١٢٣ ٤٥٦٧',
    });
    const { status, json } = await save(token, id, { step: 'applicant', data: written, version: 1, complete: true });
    expect(status, JSON.stringify(json)).toBe(200);
    expect(json!.data.completed_steps).toEqual(['applicant']);
    expect(await answers(token, id)).toMatchObject({
      applicant: {
        date_of_birth: '14-03-1410',
        national_id: '1012345678',
        passport_number: 'A1234567',
        passport_expiry: '01-01-1460',
        mobile: '+966501234567',
        name_ar: 'عائشة رحمن',
      },
    });
  });

  it('an international number with spaces is kept as E.164; one that cannot exist is refused in both languages', async () => {
    const { token } = await newUser();
    const { id } = await newDraft(token);
    const ok = await save(token, id, { step: 'applicant', data: person({ mobile: '+966 50 123 4567' }), version: 1, complete: true });
    expect(ok.status).toBe(200);
    expect((await answers(token, id)).applicant).toMatchObject({ mobile: '+966501234567' });

    const en = await save(token, id, { step: 'applicant', data: person({ mobile: '+12345678' }), version: 2, complete: true }, 'en');
    expect(en.status).toBe(422);
    expect(en.json!.error.fields).toEqual({ mobile: ['Enter a real mobile number, like 050 123 4567 or +966 50 123 4567'] });
    const ar = await save(token, id, { step: 'applicant', data: person({ mobile: '+12345678' }), version: 2, complete: true }, 'ar');
    expect(ar.json!.error.fields).toEqual({ mobile: ['أدخل رقم جوال صحيحًا، مثل \u2066050 123 4567\u2069 أو \u2066+966 50 123 4567\u2069'] });
  });

  it('autosave keeps what was typed; only "Continue" normalises', async () => {
    const { token } = await newUser();
    const { id } = await newDraft(token);
    expect((await save(token, id, { step: 'applicant', data: { mobile: '٠٥٠١٢٣' }, version: 1 })).status).toBe(200);
    expect((await answers(token, id)).applicant).toEqual({ mobile: '٠٥٠١٢٣' });
  });

  it('a companion under 18 on the travel month may leave mobile and e-mail empty; an adult may not', async () => {
    const { token } = await newUser();
    const { id } = await newDraft(token);
    const version = (await save(token, id, { step: 'service', data: SERVICE, version: 1, complete: true })).json!.data.version as number;
    const child = companion({ relation: 'child', date_of_birth: hijriFromNow(-6 * 12), mobile: '', email: '' });
    const adult = companion({ mobile: '', email: '' });

    const refused = await save(token, id, { step: 'companions', data: [child, adult], version, complete: true });
    expect(refused.status).toBe(422);
    expect(refused.json!.error.fields).toEqual({
      'companions.1.mobile': ['Companion 2: the Mobile number field is required'],
      'companions.1.email': ['Companion 2: the E-mail address field is required'],
    });

    const saved = await save(token, id, { step: 'companions', data: [child], version, complete: true });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json!.data.completed_steps).toEqual(['service', 'companions']);
  });
});
