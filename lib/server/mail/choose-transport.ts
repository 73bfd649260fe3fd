import 'server-only';
import { env } from '@/lib/server/env';
import { fileTransport } from './file-transport';
import { smtpTransport } from './smtp-transport';
import type { MailTransport } from './transport';

let smtp: { url: string; transport: MailTransport } | undefined;
let override: MailTransport | undefined;

/** SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/mail. */
export function mailTransport(): MailTransport {
  if (override) return override;
  const url = env().SMTP_URL;
  if (!url) return fileTransport;
  if (smtp?.url !== url) smtp = { url, transport: smtpTransport(url) };
  return smtp.transport;
}

/** The sender's address: MAIL_FROM, or the portal's name at a local address. */
export function mailFrom(): string {
  return env().MAIL_FROM ?? '"Labbaik Pilgrim Services" <no-reply@localhost>';
}

/** Tests replace the transport (a failing one, to see retries). */
export function setMailTransportForTests(transport: MailTransport | undefined) {
  override = transport;
}
