#!/usr/bin/env node
// The office's staff from the command line, through the running app's ops API:
//   OPS_API_KEY=… npm run staff -- add amina@office.example --name "Amina Saleh" --role admin
// prints the one-time link with which the new member sets a password (72 hours);
// their first sign-in at /{locale}/office/login then enrols an authenticator app.
// Audited as "ops key". It calls the app at APP_URL (from the environment or the app's .env
// files, as `next start` reads them), else http://localhost:$PORT; BASE_URL
// overrides both (another instance, or the app's own port behind a proxy).
import { appAddress, loadAppEnv } from './app-address.mjs';

loadAppEnv();
const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const [command, email] = args;
const name = option('name');
const role = option('role');
const locale = option('locale') ?? 'en';

if (command !== 'add' || !email || !name || !role) {
  console.error('Usage: npm run staff -- add <email> --name "<full name>" --role <reviewer|finance|admin> [--locale en|ar]');
  process.exit(2);
}
const key = process.env.OPS_API_KEY;
if (!key) {
  console.error('OPS_API_KEY is not set (in the environment or the app’s .env): the ops API refuses every call without it (set the same key for the app and this command).');
  process.exit(2);
}

const base = appAddress(process.env);
const response = await fetch(`${base}/api/v1/ops/staff`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': locale, 'X-Ops-Key': key },
  body: JSON.stringify({ email, name, role }),
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
console.log(`${body.data.staff.name} <${body.data.staff.email}> is on the staff as ${body.data.staff.role}.`);
console.log(`One-time link to set a password (72 hours; send it to them privately):\n  ${body.data.set_password_url}`);
