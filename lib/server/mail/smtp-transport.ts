import 'server-only';
import nodemailer from 'nodemailer';
import type { MailTransport } from './transport';

/** SMTP through nodemailer (SMTP_URL, e.g. smtps://user:pass@smtp.example.org:465). */
export function smtpTransport(url: string): MailTransport {
  // One pooled connection set per URL for the life of the process.
  const transporter = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send(message, from) {
      try {
        await transporter.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
        return 'sent';
      } catch (error) {
        // The server's words only (a code and a reply line): never the message or the address.
        const e = error as { code?: string; responseCode?: number };
        const why = [e.code, e.responseCode].filter(Boolean).join(' ') || 'smtp error';
        // A permanent negative answer (5xx, RFC 5321 §4.2.1): the server will never take this message; a 4xx or no answer may pass later.
        return e.responseCode && e.responseCode >= 500 && e.responseCode < 600 ? { failed: why } : { retry: why };
      }
    },
  };
}
