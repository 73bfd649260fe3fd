import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dataDir } from '@/lib/server/env';
import { logger } from '@/lib/server/log/logger';
import { toEml } from './compose';
import type { MailTransport } from './transport';

export function mailDir(): string {
  return path.join(dataDir(), 'mail');
}

/**
 * The default when no SMTP server is configured: each message becomes an .eml
 * file under DATA_DIR/mail, named so that names sort by time, and one log line
 * names the file and the purpose (never the recipient or the link: the link
 * is a credential). `npm run mail -- --latest` prints the newest one.
 */
export const fileTransport: MailTransport = {
  name: 'file',
  async send(message, from) {
    const dir = mailDir();
    await mkdir(dir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.purpose}-${randomBytes(3).toString('hex')}.eml`;
    await writeFile(path.join(dir, name), await toEml(message, from), { mode: 0o600 });
    logger.info('mail written', { file: path.join(dir, name), purpose: message.purpose });
    return 'sent';
  },
};
