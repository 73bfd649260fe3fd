import { desc, eq, and } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { mailOutbox } from '@/lib/server/db/schema';
import { setMailTransportForTests } from '@/lib/server/mail/choose-transport';
import { deliverMailOutbox } from '@/lib/server/mail/outbox';
import type { MailMessage, MailTransport } from '@/lib/server/mail/transport';

/** The params of the newest queued e-mail of a kind for a user (its link's token, its code). */
export async function queuedMail(userId: string, kind: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, kind)))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return row;
}

/** Sends everything queued through a transport that keeps the messages, and answers them. */
export async function sendQueuedMail(): Promise<MailMessage[]> {
  const sent: MailMessage[] = [];
  const capture: MailTransport = {
    name: 'file',
    async send(message) {
      sent.push(message);
      return 'sent';
    },
  };
  setMailTransportForTests(capture);
  try {
    await deliverMailOutbox();
  } finally {
    setMailTransportForTests(undefined);
  }
  return sent;
}

/** The first link to the site in a message's text part. */
export function linkIn(text: string, path: string): URL {
  const match = new RegExp(`https?://[^\\s\\]]*${path.replace(/[/?]/g, '\\$&')}[^\\s\\]]*`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return new URL(match[0]);
}
