import { setSmsProviderForTests } from '@/lib/server/sms/provider-choice';
import { deliverSmsOutbox } from '@/lib/server/sms/outbox';
import type { SmsMessage, SmsProvider, SmsSendResult } from '@/lib/server/sms/provider';

/**
 * Sends everything queued through a provider that keeps the messages (and answers as `answer` says, "sent" with
 * an id by default), and answers them.
 */
export async function sendQueuedSms(answer: (message: SmsMessage) => SmsSendResult = (message) => ({ sent: `sim-${message.reference}` })): Promise<SmsMessage[]> {
  const sent: SmsMessage[] = [];
  const capture: SmsProvider = {
    name: 'twilio',
    async send(message) {
      sent.push(message);
      return answer(message);
    },
    readReceipt: () => null,
  };
  setSmsProviderForTests(capture);
  try {
    await deliverSmsOutbox();
  } finally {
    setSmsProviderForTests(undefined);
  }
  return sent;
}

/** The 6 digits of a mobile code's text, in Western digits, whatever digits it was written in. */
export function codeIn(text: string): string {
  const match = /[0-9\u0660-\u0669]{6}/.exec(text);
  if (!match) throw new Error(`no code in ${text}`);
  return match[0].replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660));
}
