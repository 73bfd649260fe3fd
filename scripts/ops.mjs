#!/usr/bin/env node
// The back office's command line: moves a request, found by its reference or
// id, to another status through the running app's ops API.
//   OPS_API_KEY=… npm run ops -- HJ-1448-000001 under_review --note "Checking the passports"
// BASE_URL picks the app (default http://localhost:$PORT, PORT 3000).
const args = process.argv.slice(2);
const noteAt = args.indexOf('--note');
const note = noteAt >= 0 ? args[noteAt + 1] : undefined;
const [target, status] = args.filter((_, i) => noteAt < 0 || (i !== noteAt && i !== noteAt + 1));

if (!target || !status) {
  console.error('Usage: npm run ops -- <reference or id> <status> [--note "..."]');
  console.error('Statuses: submitted, under_review, changes_requested, approved, rejected, cancelled, expired');
  process.exit(2);
}
const key = process.env.OPS_API_KEY;
if (!key) {
  console.error('OPS_API_KEY is not set: the ops API refuses every call without it.');
  process.exit(2);
}

const base = process.env.BASE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
const response = await fetch(`${base}/api/v1/ops/requests/${encodeURIComponent(target)}/status`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': 'en', 'X-Ops-Key': key },
  body: JSON.stringify(note ? { status, note } : { status }),
}).catch((error) => {
  console.error(`Cannot reach ${base}: ${error.message}. Is the app running?`);
  process.exit(1);
});
const body = await response.json().catch(() => ({}));
if (!response.ok) {
  const fields = body.error?.fields ? ` ${JSON.stringify(body.error.fields)}` : '';
  console.error(`${response.status}: ${body.error?.message ?? 'failed'}${fields}`);
  process.exit(1);
}
console.log(`${body.data.reference ?? body.data.id} is now ${body.data.status}.`);
