import { call } from './api';
import { companion, person, SERVICE } from './answers';
import { randomBytes } from 'node:crypto';
import { eq, or } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { documents, requests, staff } from '@/lib/server/db/schema';
import { translatorFor } from '@/lib/i18n/translator';
import { isRequestId } from '@/lib/requests/request-id';
import { recordCounterPayment } from '@/lib/server/payments/counter';
import * as listRoute from '@/app/api/v1/requests/route';
import * as oneRoute from '@/app/api/v1/requests/[id]/route';
import * as submitRoute from '@/app/api/v1/requests/[id]/submit/route';

/**
 * A Hajj request for two pilgrims, every step finished and sent: it awaits
 * payment. Documents are stored as rows, as an upload would leave them (the
 * upload itself is tested in documents.test.ts).
 */
export async function submittedRequest(token: string) {
  const id = await readyDraft(token);
  const result = await call(submitRoute.POST, { token, params: { id }, body: {} });
  if (result.status !== 200) throw new Error(`submit failed: ${JSON.stringify(result.json)}`);
  return { id, reference: result.json!.data.reference as string, fee: result.json!.data.fee_minor as number };
}

/** A passport number no other test pilgrim has: the letter, then 8 random hexadecimal digits (9 characters). */
export function uniquePassport(letter = 'A'): string {
  return `${letter}${randomBytes(4).toString('hex').toUpperCase()}`;
}

/**
 * The same Hajj request with every step finished and its documents, not yet
 * sent: the applicant and one companion in the standard package, unless told
 * otherwise (`companions`: how many; `service`: the service step's answers).
 */
export async function readyDraft(token: string, { companions = 1, service = SERVICE as Record<string, string> }: { companions?: number; service?: Record<string, string> } = {}) {
  const id = (await call(listRoute.POST, { token, body: { type: 'hajj' } })).json!.data.id as string;
  let version = 1;
  // Every pilgrim with a passport of their own: one passport is on at most one live request (issue 58, item 2).
  const people = Array.from({ length: companions }, () => companion({ passport_number: uniquePassport('B') }));
  const applicant = person({ passport_number: uniquePassport('A') });
  for (const [step, data] of [['service', service], ['applicant', applicant], ['companions', people], ['declaration', { declaration: true }]] as const) {
    version = (await call(oneRoute.PATCH, { method: 'PATCH', token, params: { id }, body: { step, data, version, complete: true } })).json!.data.version;
  }
  await documentRows(id, ['applicant', ...people.map((_, i) => `companion-${i}`)]);
  return id;
}

/** The key a pilgrim's documents are kept against (lib/server/requests/companions.ts): 'applicant', or the companion's id. */
export async function pilgrimKey(requestId: string, pilgrim: string): Promise<string> {
  if (pilgrim === 'applicant') return pilgrim;
  const db = await getDb();
  const [row] = await db.select({ data: requests.data }).from(requests).where(eq(requests.id, requestId)).limit(1);
  const companions = (row?.data.companions ?? []) as { pilgrim_id?: string }[];
  const id = companions[Number(/^companion-(\d+)$/.exec(pilgrim)?.[1] ?? -1)]?.pilgrim_id;
  if (!id) throw new Error(`no pilgrim ${pilgrim} on request ${requestId}`);
  return id;
}

/** A passport scan and a photo for each of these pilgrims (applicant, companion-<n>), stored as rows as an upload leaves them. */
export async function documentRows(requestId: string, pilgrims: string[]) {
  const db = await getDb();
  for (const pilgrim of pilgrims) {
    const key = await pilgrimKey(requestId, pilgrim);
    for (const kind of ['passport', 'photo'] as const) {
      await db.insert(documents).values({ requestId, pilgrim: key, kind, fileName: 'x.png', mime: 'image/png', size: 1, storageKey: `t/${requestId}/${key}/${kind}` });
    }
  }
}

/**
 * The fee of a request awaiting payment received at the office's counter, as
 * finance records it (a payment row with a receipt number and who received
 * it): the request becomes `submitted`. No move skips the fee, so this is how
 * tests get a request to the office without the test gateway.
 */
export async function paidAtCounter(idOrReference: string) {
  const db = await getDb();
  const [row] = await db
    .select({ fee: requests.feeMinor })
    .from(requests)
    .where(isRequestId(idOrReference) ? or(eq(requests.id, idOrReference), eq(requests.reference, idOrReference)) : eq(requests.reference, idOrReference))
    .limit(1);
  if (!row || row.fee === null) throw new Error(`no request awaiting payment: ${idOrReference}`);
  const tag = randomBytes(4).toString('hex');
  const [cashier] = await db.insert(staff).values({ email: `cashier.${tag}@office.example`, name: 'Counter Cashier', role: 'finance' }).returning();
  return recordCounterPayment(idOrReference, { amount_minor: row.fee, receipt_number: `T-${tag}` }, { id: cashier!.id, name: cashier!.name }, { kind: 'ops_key' }, null, translatorFor('en'), 'en');
}
