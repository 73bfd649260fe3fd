import 'server-only';
import { sameSecret } from '@/lib/server/security/same-secret';
import { SEND_TIMEOUT_MS, type SmsProvider } from './provider';

export type UnifonicConfig = {
  appSid: string;
  /** The registered sender name (at most 11 characters). */
  senderId: string;
  /** The secret in the DLR webhook's URL (?key=…), since Unifonic signs no receipt. */
  webhookSecret: string;
  /** https://el.cloud.unifonic.com; the tests' local server otherwise. */
  apiUrl: string;
};

// Unifonic's send errors (errorCode, "Understanding reasons of SMS non-delivery") that no retry mends: an invalid,
// too long, too short or unroutable number (ER-02 … ER-05), an empty body (ER-06), a message filtered (ER-07) or a
// duplicate refused (ER-09). Insufficient funds (ER-01), an unregistered sender (ER-08), a bad AppSid and anything
// else are the office's to mend: retried, so nothing is lost meanwhile.
const PERMANENT = new Set(['ER-02', 'ER-03', 'ER-04', 'ER-05', 'ER-06', 'ER-07', 'ER-09']);

/**
 * Unifonic's REST SMS API: POST /rest/SMS/messages with a form body (AppSid, SenderID, Recipient in international
 * form without + or 00, Body, responseType=JSON, CorrelationID). The answer is JSON {success, message, errorCode,
 * data}: on success errorCode ER-00 and data.MessageID (with Status, NumberOfUnits, Cost…); otherwise success false
 * and an errorCode. Delivery receipts are posted to the DLR webhook set in the Unifonic console, with MessageID, DLR
 * ("Delivered" or "Undeliverable"), Recipient, TimeCreated, SCTS and DLRTimestamp, retried until a 200 (6 tries in
 * 72 hours). They carry no signature: the webhook's URL carries our secret (?key=), compared in constant time.
 */
export function unifonicProvider(config: UnifonicConfig): SmsProvider {
  const endpoint = `${config.apiUrl.replace(/\/$/, '')}/rest/SMS/messages`;
  return {
    name: 'unifonic',
    async send(message) {
      const form = new URLSearchParams({
        AppSid: config.appSid,
        SenderID: config.senderId,
        Recipient: message.to.replace(/^\+/, ''),
        Body: message.text,
        responseType: 'JSON',
        CorrelationID: message.reference,
      });
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
          body: form,
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
      } catch (error) {
        return { retry: error instanceof Error && error.name === 'TimeoutError' ? 'unifonic timeout' : 'unifonic unreachable' };
      }
      const answer = (await response.json().catch(() => null)) as {
        success?: unknown;
        errorCode?: unknown;
        data?: { MessageID?: unknown } | null;
      } | null;
      const code = typeof answer?.errorCode === 'string' ? answer.errorCode : '';
      const id = answer?.data?.MessageID;
      if (response.ok && answer?.success === true && (typeof id === 'string' || typeof id === 'number')) return { sent: String(id) };
      const why = `unifonic ${response.status}${code ? ` ${code}` : ''}`;
      if (PERMANENT.has(code)) return { failed: why };
      return { retry: why };
    },
    readReceipt({ url, fields }) {
      let key: string | null;
      try {
        key = new URL(url).searchParams.get('key');
      } catch {
        return null;
      }
      if (!key || !sameSecret(key, config.webhookSecret)) return null;
      const providerId = fields.MessageID;
      const dlr = fields.DLR?.toLowerCase();
      const state = dlr === 'delivered' ? 'delivered' : dlr === 'undeliverable' ? 'failed_permanent' : null;
      if (!providerId || !state) return null;
      return { providerId, state, at: unifonicTime(fields.SCTS) ?? new Date(), error: state === 'failed_permanent' ? 'undeliverable' : null };
    },
  };
}

/** "yyyy-mm-dd hh:mm:ss" from the mobile network (UTC assumed); null when it is not that. */
function unifonicTime(text: string | undefined): Date | null {
  if (!text || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return null;
  const at = new Date(`${text.replace(' ', 'T')}Z`);
  return Number.isNaN(at.getTime()) || at.getTime() > Date.now() + 60_000 ? null : at;
}
