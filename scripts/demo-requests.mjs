// The API client and the valid answers that `npm run seed:demo` and
// `npm run bench` use to fill an account with requests through the running app.
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PNG } from 'pngjs';

/** fetch on the app's API; answers the JSON body and throws on any non-2xx answer. */
export function apiClient(base) {
  const api = `${base}/api/v1`;
  return async function call(method, path, { token, body, form, headers = {} } = {}) {
    const response = await fetch(`${api}${path}`, {
      method,
      headers: { Accept: 'application/json', 'Accept-Language': 'en', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}), ...headers },
      body: form ?? (body ? JSON.stringify(body) : undefined),
    }).catch((error) => {
      console.error(`Cannot reach ${base}: ${error.message}. Start the app first (npm start).`);
      process.exit(1);
    });
    const json = await response.json().catch(() => null);
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json?.error ?? json)}`);
    return json;
  };
}

/**
 * Confirms a new account's address as its owner would, with the link of the
 * verification e-mail (sending a request needs it). Without SMTP_URL the app
 * writes each e-mail as a file in DATA_DIR/mail: read from there.
 */
export async function confirmAddress(call, email, mailDir, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = (await readdir(mailDir).catch(() => [])).filter((name) => name.includes('-verify_email-')).sort().reverse();
    for (const name of names) {
      // Quoted-printable: soft line breaks out, `=3D` back to `=`.
      const text = (await readFile(path.join(mailDir, name), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      if (!text.toLowerCase().includes(`to: ${email.toLowerCase()}`)) continue;
      const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
      if (token) return call('POST', '/auth/verify-email', { body: { token } });
    }
    if (Date.now() > deadline) throw new Error(`No confirmation e-mail to ${email} in ${mailDir}: confirm the address from the e-mail, or run this against an app without SMTP_URL.`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function hijriToday() {
  const parts = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura-nu-latn', { day: 'numeric', month: 'numeric', year: 'numeric', timeZone: 'Asia/Riyadh' }).formatToParts(new Date());
  const get = (type) => Number(parts.find((p) => p.type === type).value);
  return { day: get('day'), month: get('month'), year: get('year') };
}
const today = hijriToday();
const monthsAhead = (n) => {
  const index = today.month - 1 + n;
  return { month: (index % 12) + 1, year: today.year + Math.floor(index / 12) };
};
const pad = (n, size = 2) => String(n).padStart(size, '0');
const travel = monthsAhead(3);
const expiry = monthsAhead(30);

export const service = () => ({ package: 'standard', travel_month: `${pad(travel.month)}-${travel.year}` });
export const person = (overrides = {}) => ({
  name_ar: 'عائشة رحمن', name_latin: 'Aisha Rahman', gender: 'female', date_of_birth: '14-03-1410', nationality: 'SA',
  national_id: '1012345678', passport_number: 'A1234567', passport_expiry: `01-${pad(expiry.month)}-${expiry.year}`,
  mobile: '+966501234567', email: 'aisha@example.com', ...overrides,
});
export const companion = { ...person({ name_ar: 'محمد رحمن', name_latin: 'Mohammed Rahman', gender: 'male', passport_number: 'B7654321' }), relation: 'spouse' };

/**
 * A passport number no other pilgrim has: the letter, then 8 random hexadecimal digits. One passport is on at most
 * one live request or reserve-list place per service and season (issue 58, item 2; docs/PLACES.md), so each
 * application gets its own, or the opening day's 300 senders would be refused as one pilgrim.
 */
export const uniquePassport = (letter = 'A') => `${letter}${randomBytes(4).toString('hex').toUpperCase()}`;

function photo() {
  const png = new PNG({ width: 60, height: 80 });
  png.data.fill(180);
  return new Blob([PNG.sync.write(png)], { type: 'image/png' });
}
const passport = () => new Blob(['%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'], { type: 'application/pdf' });

/**
 * A request of the given type, filled in step by step; sent (awaiting payment)
 * unless `submit: false` (two steps done) or `ready: true` (every step done,
 * not sent: what the opening-day load test sends all at once). Its pilgrims
 * have passports of their own (uniquePassport). An account holds one unpaid
 * request per service (issue 58, item 2): send another of the same service
 * only once the one before is paid or cancelled.
 */
export async function application(call, token, type, { companions: asked = [companion], submit = true, ready = false } = {}) {
  const companions = asked.map((one) => ({ ...one, passport_number: uniquePassport('B') }));
  let { data } = await call('POST', '/requests', { token, body: { type } });
  const id = data.id;
  let version = data.version;
  const save = async (step, answers, complete = true) => {
    version = (await call('PATCH', `/requests/${id}`, { token, body: { step, data: answers, version, complete } })).data.version;
  };
  await save('service', service());
  await save('applicant', person({ passport_number: uniquePassport('A') }));
  if (!submit && !ready) return { id, version };
  await save('companions', companions);
  for (const pilgrim of ['applicant', ...companions.map((_, i) => `companion-${i}`)]) {
    for (const [kind, file, name] of [['passport', passport(), 'passport.pdf'], ['photo', photo(), 'photo.png']]) {
      const form = new FormData();
      form.append('pilgrim', pilgrim);
      form.append('kind', kind);
      form.append('file', file, name);
      await call('POST', `/requests/${id}/documents`, { token, form });
    }
  }
  await save('documents', {});
  await save('review', {});
  await save('declaration', { declaration: true });
  if (ready) return { id, version };
  data = (await call('POST', `/requests/${id}/submit`, { token })).data;
  return { id, reference: data.reference, fee: data.fee_minor };
}
