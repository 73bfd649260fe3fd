import 'server-only';
import { createHmac } from 'node:crypto';
import { sameSecret } from '@/lib/server/security/same-secret';
import { SEND_TIMEOUT_MS, type SmsProvider, type SmsReceiptState } from './provider';

export type TwilioConfig = {
  accountSid: string;
  authToken: string;
  /** A number in E.164, an alphanumeric sender, or a Messaging Service SID (MG…). */
  from: string;
  /** https://api.twilio.com; the tests' local server otherwise. */
  apiUrl: string;
  /** The status callback's full URL (APP_URL + /api/v1/webhooks/sms/twilio): Twilio signs exactly this URL. */
  statusCallback: string;
};

// Twilio's error codes (https://www.twilio.com/docs/api/errors) for what no retry mends: the number is invalid or no
// mobile (21211, 21614), the recipient opted out (21610), the region is not enabled (21408), a landline (30006), an
// unknown destination (30005), blocked or filtered as spam (30004, 30007).
const PERMANENT = new Set(['21211', '21214', '21217', '21408', '21610', '21612', '21614', '30004', '30005', '30006', '30007']);

/**
 * Twilio's Programmable Messaging (the Messages resource, API version 2010-04-01): a message is created with POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP Basic auth (Account SID, Auth Token), a form body (To, From
 * or MessagingServiceSid, Body, StatusCallback); 201 answers the Message resource (sid SM…, status queued or
 * accepted). Errors answer JSON {code, message, more_info, status}. Status callbacks are form posts (MessageSid,
 * MessageStatus, ErrorCode) signed in X-Twilio-Signature: Base64(HMAC-SHA1(auth token, the URL + each parameter's
 * name and value, sorted by name)).
 */
export function twilioProvider(config: TwilioConfig): SmsProvider {
  const endpoint = `${config.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    async send(message) {
      const form = new URLSearchParams({ To: message.to, Body: message.text, StatusCallback: config.statusCallback });
      form.set(/^MG[0-9a-fA-F]{32}$/.test(config.from) ? 'MessagingServiceSid' : 'From', config.from);
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
          body: form,
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
      } catch (error) {
        return { retry: error instanceof Error && error.name === 'TimeoutError' ? 'twilio timeout' : 'twilio unreachable' };
      }
      const answer = (await response.json().catch(() => null)) as { sid?: unknown; code?: unknown } | null;
      if (response.ok && typeof answer?.sid === 'string') return { sent: answer.sid };
      const code = answer && (typeof answer.code === 'number' || typeof answer.code === 'string') ? String(answer.code) : '';
      const why = `twilio ${response.status}${code ? ` ${code}` : ''}`;
      // 400 with a recipient's error is for good; 401 (credentials), 429 (throttled), 5xx and the rest are retried.
      if (response.status === 400 && PERMANENT.has(code)) return { failed: why };
      return { retry: why };
    },
    readReceipt({ url, fields, headers }) {
      const signature = headers.get('x-twilio-signature');
      if (!signature || !sameSecret(signature, twilioSignature(config.authToken, url, fields))) return null;
      const providerId = fields.MessageSid ?? fields.SmsSid;
      const state = receiptState(fields.MessageStatus ?? fields.SmsStatus, fields.ErrorCode);
      if (!providerId || !state) return null;
      return { providerId, state, at: new Date(), error: fields.ErrorCode || null };
    },
  };
}

/** Twilio's signature of a request: the full URL, then each POST parameter's name and value, sorted by name. */
export function twilioSignature(authToken: string, url: string, fields: Record<string, string>): string {
  const data = Object.keys(fields)
    .sort()
    .reduce((text, key) => text + key + fields[key], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/**
 * Twilio's message statuses as delivery states: sent (handed to the carrier), delivered (the carrier's receipt),
 * undelivered (the carrier's failure receipt) and failed (never sent). Unreachable handsets and carrier trouble
 * (30003, 30001, 30002, 30008 and the rest) may reach the pilgrim later: a temporary failure; the codes of PERMANENT
 * (and a failure with none) are for good. queued, accepted, sending, scheduled: no news for the pilgrim.
 */
function receiptState(status: string | undefined, errorCode: string | undefined): SmsReceiptState | null {
  switch (status) {
    case 'sent':
      return 'sent';
    case 'delivered':
    case 'read':
      return 'delivered';
    case 'undelivered':
    case 'failed':
      return !errorCode || PERMANENT.has(errorCode) ? 'failed_permanent' : 'failed_temporary';
    default:
      return null;
  }
}
