import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dataDir } from '@/lib/server/env';
import { logger } from '@/lib/server/log/logger';
import { countSegments } from '@/lib/sms/segments';
import type { SmsProvider } from './provider';

export function smsDir(): string {
  return path.join(dataDir(), 'sms');
}

/**
 * The default when no provider is configured: each message becomes a JSON file under DATA_DIR/sms (to, text, kind,
 * the segments it would take, when), named so that names sort by time; one log line names the file and the kind,
 * never the number or the text (a code is a credential). `npm run sms -- --latest` prints the newest one.
 */
export const fileSink: SmsProvider = {
  name: 'file',
  async send(message) {
    const dir = smsDir();
    await mkdir(dir, { recursive: true });
    const at = new Date();
    const name = `${at.toISOString().replace(/[:.]/g, '-')}-${message.kind}-${randomBytes(3).toString('hex')}.json`;
    const { encoding, segments } = countSegments(message.text);
    const body = { to: message.to, text: message.text, kind: message.kind, reference: message.reference, encoding, segments, at: at.toISOString() };
    // Written whole under another name, then renamed: a reader (npm run sms, a test waiting for a code) never
    // finds the file half-written (an e2e read one empty: "Unexpected end of JSON input").
    const partial = path.join(dir, `${name}.part`);
    await writeFile(partial, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
    await rename(partial, path.join(dir, name));
    logger.info('sms written', { file: path.join(dir, name), kind: message.kind });
    return { sent: null };
  },
  readReceipt: () => null,
};
