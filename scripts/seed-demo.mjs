#!/usr/bin/env node
// `npm run seed:demo`: creates a demo account with requests in several states,
// through the running app's API, so that a newcomer has something to click
// through. It runs only when asked. Moves that belong to the office need the
// same OPS_API_KEY as the app; without it, the demo stops at "awaiting payment".
import { randomBytes } from 'node:crypto';
import { PNG } from 'pngjs';

const base = process.env.BASE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
const api = `${base}/api/v1`;
const opsKey = process.env.OPS_API_KEY;

async function call(method, path, { token, body, form, headers = {} } = {}) {
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

const person = (overrides = {}) => ({
  name_ar: 'عائشة رحمن', name_latin: 'Aisha Rahman', gender: 'female', date_of_birth: '14-03-1410', nationality: 'SA',
  national_id: '1012345678', passport_number: 'A1234567', passport_expiry: `01-${pad(expiry.month)}-${expiry.year}`,
  mobile: '+966501234567', email: 'aisha@example.com', ...overrides,
});
const companion = { ...person({ name_ar: 'محمد رحمن', name_latin: 'Mohammed Rahman', gender: 'male', passport_number: 'B7654321' }), relation: 'spouse' };

function photo() {
  const png = new PNG({ width: 60, height: 80 });
  png.data.fill(180);
  return new Blob([PNG.sync.write(png)], { type: 'image/png' });
}
const passport = () => new Blob(['%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'], { type: 'application/pdf' });

async function application(token, type, { companions = [companion], submit = true } = {}) {
  let { data } = await call('POST', '/requests', { token, body: { type } });
  const id = data.id;
  let version = data.version;
  const save = async (step, answers, complete = true) => {
    version = (await call('PATCH', `/requests/${id}`, { token, body: { step, data: answers, version, complete } })).data.version;
  };
  await save('service', { package: 'standard', travel_month: `${pad(travel.month)}-${travel.year}` });
  await save('applicant', person());
  if (!submit) return { id };
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
  data = (await call('POST', `/requests/${id}/submit`, { token })).data;
  return { id, reference: data.reference };
}

const office = (target, status, note) => call('POST', `/ops/requests/${target}/status`, { body: note ? { status, note } : { status }, headers: { 'X-Ops-Key': opsKey } });

const email = `demo.${randomBytes(3).toString('hex')}@example.com`;
const password = `Demo#${randomBytes(4).toString('hex')}A1`;
const { token } = await call('POST', '/auth/register', { body: { name: 'Demo Pilgrim', email, password, password_confirmation: password } });

await application(token, 'umrah', { submit: false });
const awaiting = await application(token, 'hajj');
const states = [`draft (Umrah, two steps done)`, `${awaiting.reference}: awaiting payment`];
if (opsKey) {
  const review = await application(token, 'umrah', { companions: [] });
  await office(review.reference, 'submitted', 'Paid at the office');
  await office(review.reference, 'under_review');
  const changes = await application(token, 'hajj');
  await office(changes.reference, 'submitted', 'Paid at the office');
  await office(changes.reference, 'under_review');
  await office(changes.reference, 'changes_requested', 'The companion photo is blurred; please upload a sharper one.');
  const approved = await application(token, 'umrah');
  await office(approved.reference, 'submitted', 'Paid at the office');
  await office(approved.reference, 'under_review');
  await office(approved.reference, 'approved', 'Your visa is being issued.');
  states.push(`${review.reference}: under review`, `${changes.reference}: changes requested`, `${approved.reference}: approved`);
} else {
  states.push('(set OPS_API_KEY for the app and this command to also get requests under review, with changes requested and approved)');
}

console.log(`Demo account on ${base}:\n  e-mail:   ${email}\n  password: ${password}\nRequests:\n  ${states.join('\n  ')}`);
