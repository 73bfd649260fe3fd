#!/usr/bin/env node
// The back office's command line, through the running app's ops API. Moves a
// request, found by its reference or id, to another status:
//   OPS_API_KEY=… npm run ops -- HJ-1448-000001 under_review --note "Checking the passports"
// or records money received at the office's counter (the only way a request
// awaiting payment moves on without the gateway): the amount in riyals (the
// fee), the receipt number, and the e-mail address of the finance member (or
// admin) who received it:
//   OPS_API_KEY=… npm run ops -- HJ-1448-000001 paid --amount 30000.00 --receipt CTR-0042 --by finance@office.example
// It calls the app at APP_URL (from the environment or the app's .env
// files, as `next start` reads them), else http://localhost:$PORT; BASE_URL
// overrides both (another instance, or the app's own port behind a proxy).
import { appAddress, loadAppEnv } from './app-address.mjs';

loadAppEnv();
const args = process.argv.slice(2);
const options = {};
const positional = [];
for (let i = 0; i < args.length; i++) {
  if (args[i].startsWith('--')) options[args[i].slice(2)] = args[++i];
  else positional.push(args[i]);
}
const [target, status] = positional;
const { note } = options;

if (!target || !status) {
  console.error('Usage: npm run ops -- <reference or id> <status> [--note "..."]');
  console.error('       npm run ops -- <reference or id> paid --amount <riyals> --receipt <receipt number> --by <finance e-mail>');
  console.error('Statuses: under_review, changes_requested, approved, rejected, cancelled (a request awaiting payment moves on only when paid: use "paid")');
  process.exit(2);
}
const key = process.env.OPS_API_KEY;
if (!key) {
  console.error('OPS_API_KEY is not set: the ops API refuses every call without it.');
  process.exit(2);
}

let path = `/api/v1/ops/requests/${encodeURIComponent(target)}/status`;
let body = note ? { status, note } : { status };
if (status === 'paid') {
  const amount = /^\d{1,7}(\.\d{1,2})?$/.test(options.amount ?? '') ? Math.round(Number(options.amount) * 100) : null;
  if (amount === null || !options.receipt || !options.by) {
    console.error('Recording a counter payment needs --amount (in riyals, e.g. 30000.00), --receipt and --by (the finance member’s e-mail).');
    process.exit(2);
  }
  path = `/api/v1/ops/requests/${encodeURIComponent(target)}/payments`;
  body = { amount_minor: amount, receipt_number: options.receipt, received_by: options.by };
}

const base = appAddress(process.env);
const response = await fetch(`${base}${path}`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': 'en', 'X-Ops-Key': key },
  body: JSON.stringify(body),
}).catch((error) => {
  console.error(`Cannot reach ${base}: ${error.message}. Is the app running?`);
  process.exit(1);
});
const answer = await response.json().catch(() => ({}));
if (!response.ok) {
  const fields = answer.error?.fields ? ` ${JSON.stringify(answer.error.fields)}` : '';
  console.error(`${response.status}: ${answer.error?.message ?? 'failed'}${fields}`);
  process.exit(1);
}
const moved = status === 'paid' ? answer.data.request : answer.data;
const paid = status === 'paid' ? ` (payment ${answer.data.payment.id}, receipt ${answer.data.payment.receipt_number})` : '';
console.log(`${moved.reference ?? moved.id} is now ${moved.status}${paid}.`);
