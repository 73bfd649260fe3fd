import { Secret, TOTP } from 'otpauth';
import { call, type CallOptions } from './api';
import { resetEnvForTests } from '@/lib/server/env';
import type { StaffRole } from '@/lib/office/roles';
import * as addStaffRoute from '@/app/api/v1/ops/staff/route';
import * as setPasswordRoute from '@/app/api/v1/office/auth/set-password/route';
import * as loginRoute from '@/app/api/v1/office/auth/login/route';
import * as codeRoute from '@/app/api/v1/office/auth/code/route';

export const TEST_OPS_KEY = 'office-key-0123456789abcdef';
export const STAFF_PASSWORD = 'Office#Season1448';

/** The ops key the test server would have (OPS_API_KEY). */
export function useOpsKey(key: string | undefined = TEST_OPS_KEY) {
  if (key === undefined) delete process.env.OPS_API_KEY;
  else process.env.OPS_API_KEY = key;
  resetEnvForTests();
}

/** A console call from the console's own pages (a browser sends Sec-Fetch-Site: same-origin), with the staff cookie when given. */
export function consoleCall(handler: Parameters<typeof call>[0], options: CallOptions & { staffCookie?: string } = {}) {
  const { staffCookie, ...rest } = options;
  return call(handler, {
    ...rest,
    headers: { 'sec-fetch-site': 'same-origin', ...rest.headers },
    cookie: staffCookie ? `office_session=${staffCookie}` : rest.cookie,
  });
}

/** The code an authenticator app shows for a secret, `offset` 30-second steps from now. */
export function totpCode(secret: string, offset = 0) {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offset * 30_000 });
}

/** The staff token in a Set-Cookie header. */
export function staffCookieFrom(headers: Headers): string | null {
  return /office_session=([^;]*)/.exec(headers.get('set-cookie') ?? '')?.[1] || null;
}

let counter = 0;

/** Adds a member through the ops API (the ops key must be set: useOpsKey) and answers the link's token. */
export async function invitedStaff(role: StaffRole, name = 'Amina Saleh') {
  counter += 1;
  const email = `staff.${counter}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@office.example`;
  const added = await call(addStaffRoute.POST, { body: { email, name, role }, headers: { 'x-ops-key': TEST_OPS_KEY }, locale: 'en' });
  if (added.status !== 201) throw new Error(`adding staff failed: ${JSON.stringify(added.json)}`);
  const url = new URL(added.json!.data.set_password_url);
  return { email, id: added.json!.data.staff.id as string, token: url.searchParams.get('token')!, url };
}

/**
 * A member who set a password and enrolled an authenticator: their secret,
 * recovery codes and a live staff session's cookie value. The enrolment used
 * this step's code; the next sign-in takes the next step's (totpCode(secret, 1)).
 */
export async function signedInStaff(role: StaffRole, name?: string) {
  return enrol(await invitedStaff(role, name));
}

/**
 * A member an admin invited in the console (`adminCookie`), who took the
 * link from the invitation e-mail (the console never shows it), set a password
 * and enrolled, as signedInStaff.
 */
export async function consoleInvitedStaff(adminCookie: string, role: StaffRole, name = 'Invited Member') {
  const staffRoute = await import('@/app/api/v1/office/staff/route');
  const { queryRows } = await import('@/lib/server/db/client');
  const { sql } = await import('drizzle-orm');
  counter += 1;
  const email = `invited.${counter}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@office.example`;
  const added = await consoleCall(staffRoute.POST, { method: 'POST', staffCookie: adminCookie, body: { email, name, role }, locale: 'en' });
  if (added.status !== 201) throw new Error(`inviting staff failed: ${JSON.stringify(added.json)}`);
  const [mail] = await queryRows<{ params: { url: string } }>(sql`select params from mail_outbox where kind = 'staff_invite' and to_address = ${email}`);
  const url = new URL(mail!.params.url);
  return enrol({ email, id: added.json!.data.staff.id as string, token: url.searchParams.get('token')!, url });
}

async function enrol(invited: { email: string; id: string; token: string; url: URL }) {
  const set = await consoleCall(setPasswordRoute.POST, { body: { token: invited.token, password: STAFF_PASSWORD, password_confirmation: STAFF_PASSWORD } });
  if (set.status !== 204) throw new Error(`setting the password failed: ${JSON.stringify(set.json)}`);
  const step = await consoleCall(loginRoute.POST, { body: { email: invited.email, password: STAFF_PASSWORD } });
  if (step.status !== 200 || step.json!.data.next !== 'enrol') throw new Error(`password step failed: ${JSON.stringify(step.json)}`);
  const { challenge, secret } = step.json!.data as { challenge: string; secret: string };
  const enrolled = await consoleCall(codeRoute.POST, { body: { challenge, code: totpCode(secret) } });
  if (enrolled.status !== 200) throw new Error(`enrolment failed: ${JSON.stringify(enrolled.json)}`);
  return { ...invited, secret, recoveryCodes: enrolled.json!.recovery_codes as string[], cookie: staffCookieFrom(enrolled.headers)! };
}

/** A request sent and paid through the test gateway: `submitted`, waiting for the office. */
export async function paidRequest(token: string) {
  const { submittedRequest } = await import('./requests');
  const { payOnTestGateway, TEST_CARDS } = await import('@/lib/server/payments/test-gateway');
  const paymentsRoute = await import('@/app/api/v1/requests/[id]/payments/route');
  const paymentRoute = await import('@/app/api/v1/payments/[id]/route');
  const sent = await submittedRequest(token);
  const started = await call(paymentsRoute.POST, { token, params: { id: sent.id }, body: {} });
  const checkout = started.json!.data as { id: string; redirect_url: string };
  await payOnTestGateway(checkout.redirect_url.split('/').pop()!, TEST_CARDS.success);
  // The return to the portal verifies the payment with the gateway.
  const verified = await call(paymentRoute.GET, { token, params: { id: checkout.id } });
  if (verified.json?.data?.status !== 'paid') throw new Error(`payment not settled: ${JSON.stringify(verified.json)}`);
  return { ...sent, paymentId: checkout.id };
}

/**
 * Cancels a paid request in the console as the office must (issue 41, item 5): the member of
 * `cookie` proposes the refund, a second finance member approves it. The approval's answer.
 */
export async function cancelWithRefund(id: string, cookie: string, note = 'Checked') {
  const reviewRoute = await import('@/app/api/v1/office/requests/[id]/review/route');
  const approvalRoute = await import('@/app/api/v1/office/requests/[id]/refund-approval/route');
  const proposed = await consoleCall(reviewRoute.POST, { method: 'POST', staffCookie: cookie, params: { id }, body: { status: 'cancelled', note }, locale: 'en' });
  if (proposed.status !== 200) return proposed;
  const second = await signedInStaff('finance', 'Second Finance');
  return consoleCall(approvalRoute.POST, { method: 'POST', staffCookie: second.cookie, params: { id }, body: { decision: 'approve' }, locale: 'en' });
}
