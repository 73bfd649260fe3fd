import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { upload } from '@/test/api-form';
import { newUser } from '@/test/accounts';
import { person, SERVICE } from '@/test/answers';
import { pngFile } from '@/test/files';
import { submittedRequest } from '@/test/requests';
import { queryRows } from '@/lib/server/db/client';
import { resetEnvForTests } from '@/lib/server/env';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import * as registerRoute from './auth/register/route';
import * as loginRoute from './auth/login/route';
import * as socialRoute from './auth/social/route';
import * as logoutRoute from './auth/logout/route';
import * as meRoute from './me/route';
import * as passwordRoute from './me/password/route';
import * as devicesRoute from './devices/route';
import * as deviceRoute from './devices/[token]/route';
import * as requestsRoute from './requests/route';
import * as requestRoute from './requests/[id]/route';
import * as documentsRoute from './requests/[id]/documents/route';
import * as notificationsRoute from './notifications/route';
import * as readRoute from './notifications/[id]/read/route';
import * as opsRoute from './ops/requests/[id]/status/route';
import * as opsPaymentRoute from './ops/requests/[id]/payments/route';
import * as pageRoute from './pages/[slug]/route';
import * as gatewayRoute from '../../api/test-gateway/[id]/pay/route';

// A NUL (or another control character) in any text field of any endpoint is a
// localized 422 naming the field, never a 500 from the database: PostgreSQL
// stores no NUL in text or jsonb, and its error repeats the query's parameters.
// Path parameters with one name nothing (404). See lib/validation/control-characters.ts.

withTestDatabase();

type Handler = (request: Request, context: { params: Promise<never> }) => Promise<Response>;
type Body = Record<string, unknown>;

const OPS_KEY = 'control-office-key-0123456789abcdef';
const PASSWORD = 'Labbaik#2026';
const KEYS = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
const HOSTILE = ['a\u0000b', '\u0000', 'a\u0001b', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\u000bb'];

/** The same body with the value at `path` (dotted) made hostile. */
function withValue(body: Body, path: string, value: string): Body {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let target: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  const last = keys.at(-1)!;
  target[last] = typeof target[last] === 'string' && value !== '\u0000' ? `${String(target[last]).slice(0, 2)}${value}${String(target[last]).slice(2)}` : value;
  return copy;
}

const controlMessage = (field: string, locale: 'en' | 'ar' = 'en') =>
  (locale === 'en' ? en : ar).Validation.control_characters.replace('{field}', field);

let owner: Awaited<ReturnType<typeof newUser>>;
let draftId: string;
let submittedId: string;
let deviceToken: string;

beforeAll(async () => {
  process.env.OPS_API_KEY = OPS_KEY;
  resetEnvForTests();
  owner = await newUser();
  draftId = (await call(requestsRoute.POST, { token: owner.token, body: { type: 'hajj' } })).json!.data.id;
  submittedId = (await submittedRequest(owner.token)).id;
  deviceToken = (await call(devicesRoute.POST, { token: owner.token, body: { provider: 'webpush', subscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/control', keys: KEYS } } })).json!
    .data.token;
}, 120_000);

afterAll(() => {
  delete process.env.OPS_API_KEY;
  resetEnvForTests();
});

type Case = { name: string; handler: Handler; method?: string; body: () => Body; fields: string[]; token?: () => string; params?: () => Record<string, string>; headers?: Record<string, string> };

const unique = () => `control.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;

// Every endpoint that reads text, with a body it accepts, and the text fields in it.
const CASES: Case[] = [
  { name: 'POST auth/register', handler: registerRoute.POST, body: () => ({ name: 'Aisha Rahman', email: unique(), phone: '+966501234567', password: PASSWORD, password_confirmation: PASSWORD }), fields: ['name', 'email', 'phone', 'password', 'password_confirmation'] },
  { name: 'POST auth/login', handler: loginRoute.POST, body: () => ({ email: owner.user.email, password: PASSWORD }), fields: ['email', 'password'] },
  { name: 'POST auth/social', handler: socialRoute.POST, body: () => ({ provider: 'google', id_token: 'a.b.c' }), fields: ['provider', 'id_token'] },
  { name: 'PATCH me', handler: meRoute.PATCH, method: 'PATCH', token: () => owner.token, body: () => ({ name: 'Aisha Rahman', phone: '+966501234567', locale: 'en' }), fields: ['name', 'phone', 'locale'] },
  {
    name: 'POST me/password',
    handler: passwordRoute.POST,
    token: () => owner.token,
    body: () => ({ current_password: PASSWORD, password: 'Labbaik#2027!', password_confirmation: 'Labbaik#2027!' }),
    fields: ['current_password', 'password', 'password_confirmation'],
  },
  { name: 'POST requests', handler: requestsRoute.POST, token: () => owner.token, body: () => ({ type: 'umrah' }), fields: ['type'] },
  {
    name: 'PATCH requests/[id]',
    handler: requestRoute.PATCH,
    method: 'PATCH',
    token: () => owner.token,
    params: () => ({ id: draftId }),
    body: () => ({ step: 'applicant', data: person(), version: 1 }),
    fields: ['step', 'version', 'data.name_ar', 'data.name_latin', 'data.passport_number', 'data.email'],
  },
  {
    name: 'POST ops/requests/[id]/status',
    handler: opsRoute.POST,
    params: () => ({ id: submittedId }),
    headers: { 'x-ops-key': OPS_KEY },
    body: () => ({ status: 'under_review', note: 'Checked\nby the office' }),
    fields: ['status', 'note'],
  },
  {
    name: 'POST ops/requests/[id]/payments',
    handler: opsPaymentRoute.POST,
    params: () => ({ id: submittedId }),
    headers: { 'x-ops-key': OPS_KEY },
    body: () => ({ amount_minor: '3000000', receipt_number: 'CTR-1', received_by: 'finance@office.example' }),
    fields: ['amount_minor', 'receipt_number', 'received_by'],
  },
];

/** The field's label in an answer's `fields` key: the localized label of its last part. */
const label = (field: string) => {
  const last = field.split('.').at(-1)!;
  return (en.Fields as Record<string, string>)[last] ?? last;
};

describe('a control character in any text field', () => {
  for (const c of CASES) {
    it(`${c.name}: ${c.fields.join(', ')} → 422 naming the field, never a 500`, async () => {
      for (const field of c.fields) {
        for (const hostile of HOSTILE) {
          const body = withValue(c.body(), field, hostile);
          const response = await call(c.handler, { method: c.method ?? 'POST', token: c.token?.(), params: c.params?.(), headers: c.headers, body, locale: 'en' });
          const where = `${field} = ${JSON.stringify(hostile)}`;
          expect(response.status, where).toBe(422);
          expect(response.json!.error.code, where).toBe('validation_failed');
          expect(response.json!.error.fields[field], where).toContain(controlMessage(label(field)));
        }
      }
    });
  }

  it('the message is in the reader’s language, and url-encoded and multipart bodies are checked the same way', async () => {
    const arabic = await call(meRoute.PATCH, { method: 'PATCH', token: owner.token, body: { name: 'عائشة\u0000رحمن', locale: 'ar' }, locale: 'ar' });
    expect(arabic.status).toBe(422);
    expect(arabic.json!.error.fields.name).toEqual([controlMessage(ar.Fields.name, 'ar')]);
    for (const as of ['urlencoded', 'form'] as const) {
      const response = await call(registerRoute.POST, { as, body: { name: 'Aisha\u0000', email: unique(), password: PASSWORD, password_confirmation: PASSWORD }, locale: 'en' });
      expect(response.status, as).toBe(422);
      expect(response.json!.error.fields.name).toEqual([controlMessage('Full name')]);
    }
  });

  it('uploads: the pilgrim and kind fields', async () => {
    for (const [field, value] of [['pilgrim', 'applicant\u0000'], ['kind', 'photo\u0000']] as const) {
      const fields = { pilgrim: 'applicant', kind: 'photo', file: pngFile(), [field]: value };
      const response = await upload(documentsRoute.POST, fields, { token: owner.token, params: { id: draftId } });
      expect(response.status, field).toBe(422);
      expect(response.json.error.fields[field]).toEqual([controlMessage(label(field))]);
    }
  });

  it('devices: a token or subscription with one is refused (422), and logout still signs out', async () => {
    for (const body of [
      { provider: 'fcm', token: `dQw4w9WgXcQ:APA91bH${'x'.repeat(40)}\u0000` },
      { provider: 'webpush\u0000', token: 'x'.repeat(40) },
      { provider: 'webpush', subscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/a\u0000b', keys: KEYS } },
      { provider: 'webpush', subscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/ab', keys: { ...KEYS, auth: `${KEYS.auth}\u0000` } } },
    ]) {
      expect((await call(devicesRoute.POST, { token: owner.token, body })).status, JSON.stringify(body)).toBe(422);
    }
    const renewal = await call(deviceRoute.PATCH, { method: 'PATCH', token: owner.token, params: { token: deviceToken }, body: { subscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/control', keys: { ...KEYS, p256dh: `${KEYS.p256dh}\u0001` } } } });
    expect(renewal.status).toBe(422);
    const { token } = await newUser();
    expect((await call(logoutRoute.POST, { token, body: { device_token: 'a\u0000b' } })).status).toBe(204);
  });

  it('the autosaved answers: a NUL anywhere in the JSON, value or key, however deep, is refused at its path', async () => {
    const save = (data: unknown) => call(requestRoute.PATCH, { method: 'PATCH', token: owner.token, params: { id: draftId }, body: { step: 'companions', data, version: 1 }, locale: 'en' });
    const nested = await save([person(), person({ name_latin: 'Omar\u0000Haddad' })]);
    expect(nested.status).toBe(422);
    expect(nested.json!.error.fields).toEqual({ 'data.1.name_latin': [controlMessage(en.Fields.name_latin)] });
    const key = await save([{ ['name\u0000']: 'x' }]);
    expect(key.status).toBe(422);
    expect(Object.keys(key.json!.error.fields)).toEqual(['data.0']);
    // Written by hand: JSON.stringify itself overflows the stack on it (as the autosave's did, a 500).
    const deep = await call(requestRoute.PATCH, {
      method: 'PATCH',
      token: owner.token,
      params: { id: draftId },
      as: 'raw',
      headers: { 'content-type': 'application/json' },
      body: `{"step":"companions","version":1,"data":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
      locale: 'en',
    });
    expect(deep.status).toBe(422);
    expect(deep.json!.error.fields.data).toBeUndefined();
    expect(Object.values(deep.json!.error.fields as Record<string, string[]>).flat()).toEqual([en.Validation.too_deep.replace('{field}', en.Fields.data)]);
    // Text the wizard needs is kept: line breaks, tabs, direction marks, ZWJ and ZWNJ, tatweel.
    const kept = await save([person({ name_ar: 'عائشة\u200f رحمـــن\u200c\u200d', name_latin: 'Aisha\tRahman\n' })]);
    expect(kept.status).toBe(200);
    const [row] = await queryRows<{ data: { companions: { name_ar: string }[] } }>(sql`select data from requests where id = ${draftId}`);
    expect(row!.data.companions[0]!.name_ar).toBe('عائشة\u200f رحمـــن\u200c\u200d');
  });

  it('query strings and path parameters: 422 for a query value, 404 for a path', async () => {
    const list = await call(requestsRoute.GET, { token: owner.token, path: '/api/v1/requests?status=draft%00', locale: 'en' });
    expect(list.status).toBe(422);
    const page = await call(notificationsRoute.GET, { token: owner.token, path: '/api/v1/notifications?page=1%00', locale: 'en' });
    expect(page.status).toBe(422);
    expect((await call(requestRoute.GET, { token: owner.token, params: { id: 'a\u0000b' } })).status).toBe(404);
    expect((await call(readRoute.POST, { token: owner.token, params: { id: '\u0000' }, body: {} })).status).toBe(404);
    expect((await call(pageRoute.GET, { params: { slug: 'about\u0000' } })).status).toBe(404);
    expect((await call(opsRoute.POST, { params: { id: 'LBK-\u0000' }, headers: { 'x-ops-key': OPS_KEY }, body: { status: 'under_review' } })).status).toBe(404);
    expect((await call(gatewayRoute.POST, { params: { id: 'tg_\u0000' }, body: { card_number: '4111111111111111' } })).status).toBe(404);
    expect((await call(deviceRoute.DELETE, { method: 'DELETE', token: owner.token, params: { token: 'a\u0000b' } })).status).toBe(404);
  });

});

describe('numbers too big for the database', () => {
  it('a version past PostgreSQL’s integer is a 422, not a database error', async () => {
    for (const version of ['99999999999999999999', '2147483648', 1e20]) {
      const response = await call(requestRoute.PATCH, { method: 'PATCH', token: owner.token, params: { id: draftId }, body: { step: 'service', data: SERVICE, version }, locale: 'en' });
      expect(response.status, String(version)).toBe(422);
      expect(Object.keys(response.json!.error.fields)).toEqual(['version']);
    }
  });
});
