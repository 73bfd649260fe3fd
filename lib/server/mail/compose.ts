import 'server-only';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { MailMessage } from './transport';

/**
 * The message as RFC 5322 bytes (multipart/alternative: text, then HTML), the
 * same way the SMTP transport writes it, so an .eml file opens in any mail app.
 */
export async function toEml(message: MailMessage, from: string): Promise<Buffer> {
  const composer = new MailComposer({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
  return composer.compile().build();
}
