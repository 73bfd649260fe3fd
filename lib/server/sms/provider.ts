import 'server-only';

/** One text message ready to go, already in the recipient's language. */
export type SmsMessage = {
  /** E.164, e.g. +966501234567. */
  to: string;
  text: string;
  /** What it is for (mobile_code, place_offered…): file names and logs, never content. */
  kind: string;
  /** Our id for the message (sms_messages.id): the provider's correlation id, so a receipt finds it. */
  reference: string;
};

/**
 * What became of a send:
 * - sent: the provider took it, with its id for the message (null when it gives none: the file sink);
 * - retry: try again later (the provider is down, refused our credentials or balance, or throttled us), with why;
 * - failed: the provider will never deliver it (no such number, not a mobile, blocked): a permanent failure.
 */
export type SmsSendResult = { sent: string | null } | { retry: string } | { failed: string };

/** What a delivery receipt says about one message. */
export type SmsReceiptState = 'sent' | 'delivered' | 'failed_permanent' | 'failed_temporary';
export type SmsReceipt = { providerId: string; state: SmsReceiptState; at: Date; error: string | null };

/** A delivery receipt as it arrived: the form or JSON fields, the full URL it was posted to, and its headers. */
export type IncomingReceipt = { url: string; fields: Record<string, string>; headers: Headers };

export interface SmsProvider {
  readonly name: 'file' | 'unifonic' | 'twilio';
  send(message: SmsMessage): Promise<SmsSendResult>;
  /**
   * The receipt when it is the provider's (signed, or carrying our shared secret), else null: a forged one
   * changes nothing. The file sink has none (its messages are "delivered" when written).
   */
  readReceipt(incoming: IncomingReceipt): SmsReceipt | null;
}

/** How long a provider's answer may take before the send counts as a failure to retry. */
export const SEND_TIMEOUT_MS = 10_000;
