import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { SERVICE } from '@/test/answers';
import { readyDraft } from '@/test/requests';
import { payPart } from '@/test/payments';
import { consoleCall, signedInStaff } from '@/test/staff';
import * as oneRoute from '@/app/api/v1/requests/[id]/route';
import * as submitRoute from '@/app/api/v1/requests/[id]/submit/route';
import * as catalogueRoute from '@/app/api/v1/office/catalogue/[id]/route';
import * as reviewRoute from '@/app/api/v1/office/requests/[id]/review/route';

// A package changed after paying (issue 57, item 6), as the tests of it and the walks of the whole API need it:
// a request paid in one package, sent back for changes, and sent again in another.

/** Per pilgrim, set on the Hajj service by packageFees(); every request made here is for two pilgrims. */
export const PACKAGE_FEES = { economy: 1_000_000, standard: 1_500_000, premium: 2_500_000 };

function expectStatus(what: string, status: number, expected: number) {
  if (status !== expected) throw new Error(`${what} answered ${status}, not ${expected}`);
}

/** The Hajj service's packages at PACKAGE_FEES, paid in full (no plan). */
export async function packageFees(body: Record<string, unknown> = {}) {
  const admin = await signedInStaff('admin', 'Pricing Admin');
  const answer = await consoleCall(catalogueRoute.PATCH, { method: 'PATCH', staffCookie: admin.cookie, params: { id: 'hajj' }, body: { fees_minor: PACKAGE_FEES, payment_plan: null, ...body }, locale: 'en' });
  expectStatus('the catalogue', answer.status, 200);
}

export const resend = (token: string, id: string, locale: 'en' | 'ar' = 'en') => call(submitRoute.POST, { token, params: { id }, body: {}, locale });

/** A request for two pilgrims in `pkg`, sent and paid in full (or its deposit, under a plan), and sent back for changes. */
export async function paidThenChangesAsked(pkg: keyof typeof PACKAGE_FEES, part: 'full' | 'deposit' = 'full') {
  const pilgrim = await newUser('Changing Pilgrim');
  const id = await readyDraft(pilgrim.token, { service: { ...SERVICE, package: pkg } });
  expectStatus('the send', (await resend(pilgrim.token, id)).status, 200);
  const paid = await payPart(pilgrim.token, id, part);
  if (paid.status !== 'paid') throw new Error(`the payment is ${paid.status}`);
  const reviewer = await signedInStaff('reviewer', 'Asking Reviewer');
  const asked = await consoleCall(reviewRoute.POST, { method: 'POST', staffCookie: reviewer.cookie, params: { id }, body: { status: 'changes_requested', note: 'Fix the passport number.', flags: { applicant: ['passport_number'] } }, locale: 'en' });
  expectStatus('the request for changes', asked.status, 200);
  return { pilgrim, id };
}

/** The pilgrim chooses another package in the service step (saved, not sent). */
export async function choosePackage(token: string, id: string, pkg: keyof typeof PACKAGE_FEES) {
  const before = (await call(oneRoute.GET, { token, params: { id } })).json!.data;
  const saved = await call(oneRoute.PATCH, { method: 'PATCH', token, params: { id }, body: { step: 'service', data: { ...before.data.service, package: pkg }, version: before.version, complete: true } });
  expectStatus('the service step', saved.status, 200);
}

/** A request paid in standard and sent again in economy: back with the office, the difference to be refunded. */
export async function refundDueRequest() {
  const { pilgrim, id } = await paidThenChangesAsked('standard');
  await choosePackage(pilgrim.token, id, 'economy');
  expectStatus('the send again', (await resend(pilgrim.token, id)).status, 200);
  return { pilgrim, id };
}
