import 'server-only';

/** One message ready to go: both parts already in the recipient's language. */
export type MailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** What the message is for (verify_email, reset_password, notification…): logs and file names, never content. */
  purpose: string;
};

/**
 * sent: the transport took it; retry: try again later (a network or server failure), with why; failed: the server
 * refused it for good (a 5xx answer: no such mailbox, rejected), so no retry would help.
 */
export type MailResult = 'sent' | { retry: string } | { failed: string };

/** Where e-mail goes: SMTP when configured, otherwise .eml files (see choose-transport.ts). */
export interface MailTransport {
  readonly name: 'smtp' | 'file';
  send(message: MailMessage, from: string): Promise<MailResult>;
}
