import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/http/errors';
import { publicSiteUrl } from '@/lib/server/http/origin';
import { readText } from '@/lib/server/http/request-body';
import { logger } from '@/lib/server/log/logger';
import { smsProvider } from './provider-choice';
import type { SmsReceiptState } from './provider';

// A receipt moves a message forward only: sent, then a temporary failure (the carrier may yet deliver it), then the
// end (delivered, or failed for good). A replay, or an older receipt arriving late, changes nothing.
const RANK: Record<SmsReceiptState, number> = { sent: 1, failed_temporary: 2, delivered: 3, failed_permanent: 3 };

/** The receipt's fields: a form (Twilio, Unifonic) or a JSON object of strings (Unifonic may post either). */
function fieldsOf(text: string, type: string | null): Record<string, string> {
  if (type?.includes('application/json')) {
    try {
      const parsed = JSON.parse(text) as unknown;
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
      return Object.fromEntries(Object.entries(parsed).flatMap(([key, value]) => (typeof value === 'string' || typeof value === 'number' ? [[key, String(value)]] : [])));
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/**
 * POST /webhooks/sms/{provider}: a delivery receipt, believed only when the provider in use signed it (Twilio) or it
 * carries our secret (Unifonic); forged: 403 and nothing changes. The state moves forward only, so the provider's
 * retries and replays are harmless; a message we do not know is answered 204 too (the provider stops retrying).
 */
export async function receiveSmsReceipt(providerName: string, request: Request) {
  if (providerName !== 'unifonic' && providerName !== 'twilio') throw new ApiError('not_found');
  const text = await readText(request);
  // A receipt of a provider not in use cannot be checked (no key of it here): unbelieved, as a forged one is.
  const provider = smsProvider();
  if (provider.name !== providerName) throw new ApiError('forbidden');
  const address = new URL(request.url);
  // The URL the provider posted to, as it signed it: the site's own address (never the Host header), then the path.
  const url = `${publicSiteUrl()}${address.pathname}${address.search}`;
  const receipt = provider.readReceipt({ url, fields: fieldsOf(text, request.headers.get('content-type')), headers: request.headers });
  if (!receipt) throw new ApiError('forbidden');
  const db = await getDb();
  const moved = (await db.execute(sql`
    update sms_messages set state = ${receipt.state}, state_at = ${receipt.at.toISOString()}::timestamptz,
      last_error = coalesce(${receipt.error}, last_error)
    where provider = ${provider.name} and provider_id = ${receipt.providerId}
      and (case state when 'sent' then 1 when 'failed_temporary' then 2 when 'delivered' then 3 when 'failed_permanent' then 3 else 0 end) < ${RANK[receipt.state]}
    returning id`)) as unknown as { rows: { id: number }[] };
  if (moved.rows.length > 0) logger.info('sms receipt', { sms: moved.rows[0]!.id, state: receipt.state });
}
