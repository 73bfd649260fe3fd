// The data the API figures need, made through the running app's API: one
// account with 20 sent requests (the list), drafts for the autosave, and the
// notifications those requests produced. An account holds one unpaid request
// per service (issue 58, item 2), so each sent request but the last is paid at
// the counter (with the bench server's ops key) before the next is sent: 19
// waiting for the office and one awaiting payment, 20 in the list as before.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { apiClient, application, confirmAddress } from '../scripts/demo-requests.mjs';

// More accounts than connections, so no account ever has two sign-ins in flight.
const SIGN_IN_ACCOUNTS = 60;
/** An address of the documentation range (RFC 5737), one per pilgrim: only ever a header value. */
const benchAddress = (i) => `198.51.100.${i + 1}`;

/**
 * A pilgrim signed in, with a confirmed address, as a browser carries them: the Cookie header of the session (and
 * its hint, which the proxy reads). For the pages a visitor sees only signed in (the opening queue's page).
 */
export async function signedInVisitor(base, dataDir) {
  const call = apiClient(base);
  const email = `bench.visitor.${randomBytes(4).toString('hex')}@example.com`;
  const password = `Bench#${randomBytes(6).toString('hex')}A1`;
  const { token } = await call('POST', '/auth/register', { body: { name: 'Bench Visitor', email, password, password_confirmation: password } });
  await confirmAddress(call, email, path.join(dataDir, 'mail'));
  return { Cookie: `session=${token}; has_session=1` };
}

export async function seed(base, { drafts: draftCount, dataDir, opsKey }) {
  const call = apiClient(base);
  const email = `bench.${randomBytes(4).toString('hex')}@example.com`;
  const password = `Bench#${randomBytes(6).toString('hex')}A1`;
  const { token } = await call('POST', '/auth/register', { body: { name: 'Bench Pilgrim', email, password, password_confirmation: password } });
  // Sending needs a confirmed address; the bench server has no SMTP_URL, so the e-mail is a file in its DATA_DIR.
  await confirmAddress(call, email, path.join(dataDir, 'mail'));
  const ops = { 'X-Ops-Key': opsKey };
  const cashier = `bench.finance.${randomBytes(4).toString('hex')}@office.example`;
  await call('POST', '/ops/staff', { body: { email: cashier, name: 'Bench Finance', role: 'finance' }, headers: ops });
  const sent = [];
  for (let i = 0; i < 20; i++) {
    // The one before paid first: the next of the service may then be sent.
    const before = sent.at(-1);
    if (before) await call('POST', `/ops/requests/${before.reference}/payments`, { body: { amount_minor: before.fee, receipt_number: `BENCH-${randomBytes(4).toString('hex').toUpperCase()}`, received_by: cashier }, headers: ops });
    sent.push(await application(call, token, 'umrah', { companions: [] }));
  }
  const drafts = [];
  // Ten at a time: fast enough, and gentle with a shared machine.
  while (drafts.length < draftCount) {
    const batch = Array.from({ length: Math.min(10, draftCount - drafts.length) }, () => application(call, token, 'hajj', { submit: false }));
    drafts.push(...(await Promise.all(batch)));
  }
  const list = await call('GET', '/requests', { token });
  if (list.data.length !== 20) throw new Error(`GET /requests answers ${list.data.length} items, expected 20`);
  const notifications = await call('GET', '/notifications', { token });
  // Sign-in counts every attempt before checking it (5 in flight per account, 20 per
  // address): the login figure signs in as many pilgrims, each from an address of its own
  // (X-Forwarded-For, believed because the bench server runs with TRUST_PROXY_HOPS=1).
  const pilgrims = [];
  for (let i = 0; i < SIGN_IN_ACCOUNTS; i++) {
    const pilgrim = { email: `bench.${randomBytes(4).toString('hex')}.${i}@example.com`, password, address: benchAddress(i) };
    await call('POST', '/auth/register', { body: { name: 'Bench Pilgrim', email: pilgrim.email, password, password_confirmation: password }, headers: { 'X-Forwarded-For': pilgrim.address } });
    pilgrims.push(pilgrim);
  }
  return { email, password, token, sent, drafts, pilgrims, notifications: notifications.data.length };
}
