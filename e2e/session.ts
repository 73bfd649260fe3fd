import { randomBytes } from 'node:crypto';
import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { BASE_URL, E2E_OPS_KEY } from '../playwright.config';
import { verifyByMail } from './mail';

/**
 * Registers a new account through the API (which also sets the session
 * cookie in this browser context), confirms its address with the link of the
 * e-mail the app wrote (submitting and paying need it; `verified: false`
 * leaves it unconfirmed), and signs the page's store in, as the register
 * screen would. `phone`: the account's mobile number, given at registration.
 * `locale` is the language of the test's pages; the page is left on the site's
 * origin, not on one of them, so the test opens its first page itself.
 */
export async function signUp(
  context: BrowserContext,
  page: Page,
  locale: string,
  name = 'Aisha Rahman',
  // An app of the test's own (app-process.ts): its origin, and its DATA_DIR, where its e-mail is written.
  { verified = true, phone, app }: { verified?: boolean; phone?: string; app?: { origin: string; dataDir: string } } = {},
) {
  const email = `pilgrim.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await context.request.post('/api/v1/auth/register', {
    data: { name, email, password: 'Labbaik#2026', password_confirmation: 'Labbaik#2026', ...(phone ? { phone } : {}) },
  });
  const { data: registered, token } = await response.json();
  const data = verified ? await verifyByMail(context.request, email, app ? [app.dataDir] : undefined) : registered;
  // The store is written on a page of the site's origin that runs nothing: the home page cost a whole render,
  // hydration and its links' prefetches in every test that signs up (docs/TESTING.md). Each test goes on to its own page.
  await page.goto('/robots.txt');
  // And the session's hint, which the proxy (proxy.ts) sets on the first page after sign-in: without it, the test's
  // first page would set it, and an answer that sets a cookie is private to its visitor, never the shared cached copy.
  await context.addCookies([{ name: 'has_session', value: '1', url: app?.origin ?? BASE_URL, sameSite: 'Lax' }]);
  await page.evaluate(
    ([userData, token]) =>
      localStorage.setItem('auth', JSON.stringify({ state: { userData, token, unreadNotifications: false, payment_status: null }, version: 0 })),
    [data, token] as const,
  );
  return { token: token as string, email };
}

/**
 * A passport number no other pilgrim of the run has: the letter, then 8 random hexadecimal digits (9 characters).
 * One passport is on at most one live request or reserve-list place per season (issue 58, item 2; docs/PLACES.md),
 * and every spec, in both languages, shares one server: a fixed number sent twice would be refused with 409.
 */
export function uniquePassport(letter = 'A'): string {
  return `${letter}${randomBytes(4).toString('hex').toUpperCase()}`;
}

/**
 * A national ID no other pilgrim of the run has (10 digits). A shared one made every API-made draft a duplicate of
 * every other, and the console lists at most 20 duplicates: the one a spec looks for could fall off the list.
 */
export function uniqueNationalId(): string {
  return `1${String(randomBytes(4).readUInt32BE(0) % 1_000_000_000).padStart(9, '0')}`;
}

/** A Hijri date (DD-MM-YYYY, Umm al-Qura) some days from today. */
export function hijriInDays(days: number): string {
  const parts = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura-nu-latn', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Asia/Riyadh' }).formatToParts(
    new Date(Date.now() + days * 86_400_000),
  );
  const get = (type: string) => parts.find((p) => p.type === type)!.value.replace(/\D/g, '');
  return `${get('day').padStart(2, '0')}-${get('month').padStart(2, '0')}-${get('year')}`;
}

/** A Gregorian day some days from today, as the day, month and year a passport prints. */
export function gregorianInDays(days: number): { day: string; month: string; year: string } {
  const date = new Date(Date.now() + days * 86_400_000);
  return { day: String(date.getUTCDate()), month: String(date.getUTCMonth() + 1), year: String(date.getUTCFullYear()) };
}

/** Digits as typed on an Arabic keyboard (Arabic-Indic). */
export const arabicIndic = (text: string) => text.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));

type DateLabels = { day: string; month: string; year: string; hijri: string; gregorian: string };

/**
 * Answers a date question (a group named by its question) as a pilgrim does:
 * the calendar, then day, month and year.
 */
export async function fillDate(
  scope: Locator,
  question: string,
  labels: DateLabels,
  calendar: 'hijri' | 'gregorian',
  date: { day: string; month: string; year: string },
) {
  const group = scope.getByRole('group', { name: question, exact: true });
  await group.getByText(labels[calendar], { exact: true }).click();
  for (const part of ['day', 'month', 'year'] as const) await group.getByRole('textbox', { name: labels[part], exact: true }).fill(date[part]);
  return group;
}

/** The first travel month that can still be chosen, MM-YYYY: the season's first, or this month once that has passed. */
export function firstOpenMonth(seasonStart: string): string {
  const [, month, year] = [seasonStart, hijriInDays(0)].sort((a, b) => monthOrder(a) - monthOrder(b))[1]!.split('-');
  return `${month}-${year}`;
}

/** A DD-MM-YYYY date's month as a number that sorts (year × 12 + month). */
function monthOrder(date: string) {
  const [, month, year] = date.split('-').map(Number) as [number, number, number];
  return year * 12 + month;
}

export const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/**
 * A passport scan as a real one-page PDF (A6, a green band across a white page),
 * with a correct cross-reference table: pdf.js draws it in the office console.
 */
export const PDF = onePagePdf();

function onePagePdf(): Buffer {
  const content = '0 0.4 0.2 rg 20 150 258 60 re f';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 298 420] /Contents 4 0 R /Resources << >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const STEPS_IN_ORDER = ['service', 'applicant', 'companions', 'documents', 'review', 'declaration'] as const;

/**
 * An Umrah draft (or Hajj, when named) for one pilgrim made through the API, with the steps before `stopAt` finished
 * (all of them when absent), in the standard package unless another is named (the places specs use packages no other spec sends).
 * `passportNumber`: the applicant's, when a test needs a known one (a duplicate on another service); else one of its own.
 */
export async function draftThrough(
  request: APIRequestContext,
  token: string,
  stopAt?: (typeof STEPS_IN_ORDER)[number],
  servicePackage = 'standard',
  type: 'umrah' | 'hajj' = 'umrah',
  { passportNumber = uniquePassport('A') }: { passportNumber?: string } = {},
) {
  const headers = { authorization: `Bearer ${token}` };
  const types = (await (await request.get('/api/v1/request-types')).json()).data;
  const season = types.find((t: { id: string }) => t.id === type).season.start as string;
  const [month, year] = firstOpenMonth(season).split('-');
  const draft = (await (await request.post('/api/v1/requests', { headers, data: { type } })).json()).data;
  let version = draft.version;
  const person = {
    name_ar: 'عائشة رحمن', name_latin: 'Aisha Rahman', gender: 'female', date_of_birth: '14-03-1410', nationality: 'SA',
    // A passport of its own for each draft unless told (uniquePassport): the specs share one server.
    national_id: uniqueNationalId(), passport_number: passportNumber, passport_expiry: hijriInDays(4 * 365), mobile: '+966501234567', email: 'a@example.com',
  };
  const answers: Record<(typeof STEPS_IN_ORDER)[number], unknown> = {
    service: { package: servicePackage, travel_month: `${month}-${year}` },
    applicant: person,
    companions: [],
    documents: {},
    review: {},
    declaration: { declaration: true },
  };
  for (const step of STEPS_IN_ORDER) {
    if (step === stopAt) break;
    if (step === 'documents') {
      for (const [kind, file] of [['passport', { name: 'passport.pdf', mimeType: 'application/pdf', buffer: PDF }], ['photo', { name: 'photo.png', mimeType: 'image/png', buffer: PNG_1x1 }]] as const) {
        await request.post(`/api/v1/requests/${draft.id}/documents`, { headers, multipart: { pilgrim: 'applicant', kind, file } });
      }
    }
    const response = await request.patch(`/api/v1/requests/${draft.id}`, { headers, data: { step, data: answers[step], version, complete: true } });
    version = (await response.json()).data.version;
  }
  return draft.id as string;
}

/** A request sent through the API and waiting for payment (one pilgrim). */
export async function requestAwaitingPayment(request: APIRequestContext, token: string) {
  const id = await draftThrough(request, token);
  const response = await request.post(`/api/v1/requests/${id}/submit`, { headers: { authorization: `Bearer ${token}` }, data: {} });
  // Said here, with the server's words: a refused send (say 409 one_unpaid_request, a second unpaid request of one
  // account) would otherwise surface steps later as an undefined id.
  if (response.status() !== 200) throw new Error(`submit failed: ${response.status()} ${await response.text()}`);
  return (await response.json()).data as { id: string; reference: string };
}

/** The finance member the counter payments of the e2e tests are received by (added once per test server). */
export const COUNTER_FINANCE = 'counter.finance@office.example';

/**
 * The fee of a request awaiting payment paid at the office's counter, recorded
 * as finance records it through the operator API (POST /ops/requests/{id}/payments:
 * amount, receipt number, who): the request becomes `submitted` and the pilgrim
 * is told. No move skips the fee, so this replaces the bare move to `submitted`.
 */
export async function paidAtCounter(request: APIRequestContext, token: string, id: string) {
  const headers = { 'x-ops-key': E2E_OPS_KEY };
  // 201 the first time, 422 (already on the staff) afterwards.
  await request.post('/api/v1/ops/staff', { headers, data: { email: COUNTER_FINANCE, name: 'Counter Finance', role: 'finance' } });
  const fee = (await (await request.get(`/api/v1/requests/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()).data.fee_minor as number;
  const receipt = `E2E-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const response = await request.post(`/api/v1/ops/requests/${id}/payments`, { headers, data: { amount_minor: fee, receipt_number: receipt, received_by: COUNTER_FINANCE } });
  if (response.status() !== 201) throw new Error(`counter payment failed: ${response.status()} ${await response.text()}`);
  return receipt;
}

/** Moves a request as the back office does (POST /ops/requests/{id}/status with the test server's key). */
export async function officeMoves(request: APIRequestContext, id: string, status: string, note?: string) {
  const response = await request.post(`/api/v1/ops/requests/${id}/status`, { headers: { 'x-ops-key': E2E_OPS_KEY }, data: { status, ...(note ? { note } : {}) } });
  if (response.status() !== 200) throw new Error(`office move failed: ${response.status()} ${await response.text()}`);
}

/** The header the console's calls carry (the office's routes refuse cross-site requests). */
export const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

/** A staff member added with the ops key, with a password and an authenticator, signed in: the cookie lands in `request`'s context. */
export async function signInStaff(request: APIRequestContext, role: string, name: string) {
  const email = `staff.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@office.example`;
  const added = await request.post('/api/v1/ops/staff', { headers: { 'x-ops-key': E2E_OPS_KEY }, data: { email, name, role } });
  const token = new URL((await added.json()).data.set_password_url).searchParams.get('token')!;
  const password = 'Office#Season1448';
  expect((await request.post('/api/v1/office/auth/set-password', { headers: SAME_ORIGIN, data: { token, password, password_confirmation: password } })).status()).toBe(204);
  const step = (await (await request.post('/api/v1/office/auth/login', { headers: SAME_ORIGIN, data: { email, password } })).json()).data;
  const code = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(step.secret) }).generate();
  expect((await request.post('/api/v1/office/auth/code', { headers: SAME_ORIGIN, data: { challenge: step.challenge, code } })).status()).toBe(200);
}

/** An admin of the console, signed in on this request context (office calls need `SAME_ORIGIN`). */
export const signInAdmin = (request: APIRequestContext) => signInStaff(request, 'admin', 'Amina Saleh');

/** A request the pilgrim paid on the test gateway: waiting for the office. */
export async function paidRequest(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const sent = await requestAwaitingPayment(request, token);
  const checkout = (await (await request.post(`/api/v1/requests/${sent.id}/payments`, { headers, data: {} })).json()).data;
  await request.post(`/api/test-gateway/${checkout.redirect_url.split('/').pop()}/pay`, { data: { card_number: '4111111111111111' } });
  expect((await (await request.get(`/api/v1/payments/${checkout.id}`, { headers })).json()).data.status).toBe('paid');
  return sent;
}

