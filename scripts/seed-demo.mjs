#!/usr/bin/env node
// `npm run seed:demo`: creates a demo account with requests in several states,
// through the running app's API, so that a newcomer has something to click
// through. It runs only when asked. Moves that belong to the office need the
// same OPS_API_KEY as the app; without it, the demo stops at "awaiting payment".
// With it, the fees are paid at the office's counter (a payment with a receipt
// number, received by a demo finance member), as no move skips the fee.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { apiClient, application as fill, confirmAddress } from './demo-requests.mjs';

const base = process.env.BASE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
const opsKey = process.env.OPS_API_KEY;
const call = apiClient(base);
const application = (token, type, options) => fill(call, token, type, options);

const office = (target, status, note) => call('POST', `/ops/requests/${target}/status`, { body: note ? { status, note } : { status }, headers: { 'X-Ops-Key': opsKey } });
const FINANCE = 'demo.finance@office.example';
const paidAtCounter = (sent) =>
  call('POST', `/ops/requests/${sent.reference}/payments`, {
    body: { amount_minor: sent.fee, receipt_number: `DEMO-${randomBytes(4).toString('hex').toUpperCase()}`, received_by: FINANCE },
    headers: { 'X-Ops-Key': opsKey },
  });

const email = `demo.${randomBytes(3).toString('hex')}@example.com`;
const password = `Demo#${randomBytes(4).toString('hex')}A1`;
const { token } = await call('POST', '/auth/register', { body: { name: 'Demo Pilgrim', email, password, password_confirmation: password } });
// Sending a request needs a confirmed address: the app (without SMTP_URL) wrote the e-mail in its DATA_DIR.
await confirmAddress(call, email, path.resolve(process.env.DATA_DIR ?? '.data', 'mail'));

await application(token, 'umrah', { submit: false });
// An account holds one unpaid request per service (issue 58, item 2): each request the office moves on is paid at the
// counter before the next of its service is sent, and the one left awaiting payment is sent last.
const states = [`draft (Umrah, two steps done)`];
if (opsKey) {
  // The member who receives the demo's counter payments (already on the staff after the first run: 422).
  await call('POST', '/ops/staff', { body: { email: FINANCE, name: 'Demo Finance', role: 'finance' }, headers: { 'X-Ops-Key': opsKey } }).catch(() => {});
  const review = await application(token, 'umrah', { companions: [] });
  await paidAtCounter(review);
  await office(review.reference, 'under_review');
  const changes = await application(token, 'hajj');
  await paidAtCounter(changes);
  await office(changes.reference, 'under_review');
  await office(changes.reference, 'changes_requested', 'The companion photo is blurred; please upload a sharper one.');
  const approved = await application(token, 'umrah');
  await paidAtCounter(approved);
  await office(approved.reference, 'under_review');
  await office(approved.reference, 'approved', 'Your visa is being issued.');
  states.push(`${review.reference}: under review`, `${changes.reference}: changes requested`, `${approved.reference}: approved`);
}
const awaiting = await application(token, 'hajj');
states.splice(1, 0, `${awaiting.reference}: awaiting payment`);
if (!opsKey) states.push('(set OPS_API_KEY for the app and this command to also get requests under review, with changes requested and approved)');

console.log(`Demo account on ${base}:\n  e-mail:   ${email}\n  password: ${password}\nRequests:\n  ${states.join('\n  ')}`);
