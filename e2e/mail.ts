import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { simpleParser } from 'mailparser';

// The app under test has no SMTP_URL: it writes each e-mail as an .eml file in
// its DATA_DIR (playwright.config.ts: .data/e2e), as on a newcomer's machine.
const MAIL_DIR = path.resolve('.data/e2e/mail');

export type ReceivedMail = { file: string; subject: string; text: string; html: string };

/**
 * The newest e-mail to `to` whose file name carries `purpose` (verify_email,
 * reset_password, notification…), waiting for the app's outbox to write it.
 */
export async function mailTo(to: string, purpose: string, { after = 0, timeoutMs = 20_000, dirs = [MAIL_DIR] } = {}): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Several instances on one database: whichever instance's outbox worker sent it wrote it in its own DATA_DIR.
    const found = await Promise.all(dirs.map(async (dir) => (await readdir(dir).catch(() => [] as string[])).map((name) => ({ dir, name }))));
    const names = found.flat().filter(({ name }) => name.includes(`-${purpose}-`)).sort((a, b) => b.name.localeCompare(a.name));
    for (const { dir, name } of names) {
      const file = path.join(dir, name);
      const parsed = await simpleParser(await readFile(file));
      if (parsed.to && !Array.isArray(parsed.to) && parsed.to.text.toLowerCase() === to.toLowerCase() && (parsed.date?.getTime() ?? Date.now()) >= after) {
        return { file, subject: parsed.subject ?? '', text: parsed.text ?? '', html: typeof parsed.html === 'string' ? parsed.html : '' };
      }
    }
    if (Date.now() > deadline) throw new Error(`no ${purpose} e-mail to ${to} in ${MAIL_DIR}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The first link to `pathPart` in an e-mail's text. */
export function linkIn(mail: ReceivedMail, pathPart: string): URL {
  const match = new RegExp(`https?://\\S*${pathPart.replace(/[/?]/g, '\\$&')}\\S*`).exec(mail.text);
  if (!match) throw new Error(`no ${pathPart} link in: ${mail.text}`);
  return new URL(match[0]);
}

/** Confirms a new account's address as its owner would: the link in the verification e-mail, through the API. */
export async function verifyByMail(request: APIRequestContext, email: string, dataDirs?: string[]) {
  const mail = await mailTo(email, 'verify_email', dataDirs ? { dirs: dataDirs.map((dir) => path.resolve(dir, 'mail')) } : {});
  const token = linkIn(mail, '/verify-email').searchParams.get('token');
  const response = await request.post('/api/v1/auth/verify-email', { data: { token } });
  if (response.status() !== 200) throw new Error(`verification failed: ${response.status()} ${await response.text()}`);
  return (await response.json()).data as Record<string, unknown>;
}
