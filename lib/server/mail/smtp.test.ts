import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/lib/server/env';
import { deliverMailOutbox } from '@/lib/server/mail/outbox';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { linkIn } from '@/test/mail';
import * as registerRoute from '@/app/api/v1/auth/register/route';
import * as verifyRoute from '@/app/api/v1/auth/verify-email/route';
import * as meRoute from '@/app/api/v1/me/route';

withTestDatabase();

// A real SMTP server on a free port; every message it receives is parsed back.
const received: { envelopeTo: string[]; mail: ParsedMail }[] = [];
let server: SMTPServer;
let accepting = true;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      if (!accepting) {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          received.push({ envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), mail });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  process.env.MAIL_FROM = '"Labbaik Pilgrim Services" <no-reply@labbaik.test>';
  resetEnvForTests();
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
  resetEnvForTests();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('the SMTP transport', () => {
  it('sends the verification e-mail through SMTP (text and HTML, Arabic right to left); its link verifies the account', async () => {
    const email = `smtp.${Date.now()}@example.com`;
    const registered = await call(registerRoute.POST, {
      body: { name: 'عائشة', email, password: 'Labbaik#2026', password_confirmation: 'Labbaik#2026' },
      locale: 'ar',
    });
    expect(registered.status).toBe(201);
    expect(await deliverMailOutbox()).toMatchObject({ sent: 1, retried: 0 });

    const [message] = received.filter((r) => r.envelopeTo.includes(email));
    expect(message).toBeDefined();
    const { mail } = message!;
    expect(mail.from?.text).toBe('"Labbaik Pilgrim Services" <no-reply@labbaik.test>');
    expect(mail.subject).toBe('أكِّد بريدك الإلكتروني');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain('#1f6b4f');
    expect(mail.text).toContain('لبيك لخدمات الحجاج');

    const link = linkIn(mail.text!, '/ar/verify-email');
    const verified = await call(verifyRoute.POST, { body: { token: link.searchParams.get('token') } });
    expect(verified.status).toBe(200);
    expect((await call(meRoute.GET, { token: registered.json!.token })).json!.data.email_verified).toBe(true);
  });

  it('keeps a message the server refuses and sends it on a later attempt (the outbox retries with backoff)', async () => {
    accepting = false;
    const email = `outage.${Date.now()}@example.com`;
    await call(registerRoute.POST, { body: { name: 'Aisha Rahman', email, password: 'Labbaik#2026', password_confirmation: 'Labbaik#2026' }, locale: 'en' });
    expect(await deliverMailOutbox()).toMatchObject({ sent: 0, retried: 1 });
    const { queryRows } = await import('@/lib/server/db/client');
    const { sql } = await import('drizzle-orm');
    const [row] = await queryRows<{ attempts: number; wait: number; last_error: string }>(
      sql`select attempts, extract(epoch from (next_attempt_at - now()))::int as wait, last_error from mail_outbox`,
    );
    expect(row).toMatchObject({ attempts: 1, last_error: expect.stringContaining('451') });
    expect(row!.wait).toBeGreaterThan(20);
    expect(row!.wait).toBeLessThanOrEqual(30);

    accepting = true;
    // Not due yet: nothing is sent early.
    expect(await deliverMailOutbox()).toMatchObject({ sent: 0 });
    await queryRows(sql`update mail_outbox set next_attempt_at = now()`);
    expect(await deliverMailOutbox()).toMatchObject({ sent: 1 });
    const [message] = received.filter((r) => r.envelopeTo.includes(email));
    expect(message!.mail.subject).toBe('Confirm your e-mail address');
    expect(await queryRows(sql`select id from mail_outbox`)).toHaveLength(0);
  });
});
