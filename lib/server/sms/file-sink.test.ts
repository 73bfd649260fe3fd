import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/lib/server/env';
import { captureLogs } from '@/test/logs';
import { fileSink } from './file-sink';

const run = promisify(execFile);
const logs = captureLogs();

describe('the file sink (no SMS provider set)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sms-'));
    process.env.DATA_DIR = dir;
    resetEnvForTests();
  });
  afterAll(() => {
    delete process.env.DATA_DIR;
    resetEnvForTests();
  });

  it('writes each message as JSON under DATA_DIR/sms, logs the file and kind only, and `npm run sms -- --latest` prints it', async () => {
    const text = 'رمز تأكيد جوالك في لبيك: ٤٨٢٩١٠. لا تعطه لأحد.';
    expect(await fileSink.send({ to: '+966501234567', text, kind: 'mobile_code', reference: '7' })).toEqual({ sent: null });
    await fileSink.send({ to: '+966509999999', text: 'Your place is offered', kind: 'place_offered', reference: '8' });
    const files = (await readdir(path.join(dir, 'sms'))).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T.*-mobile_code-[0-9a-f]{6}\.json$/);
    const written = JSON.parse(await readFile(path.join(dir, 'sms', files[0]!), 'utf8'));
    expect(written).toMatchObject({ to: '+966501234567', text, kind: 'mobile_code', reference: '7', encoding: 'UCS-2', segments: 1 });
    expect(logs.lines.join('\n')).not.toContain('٤٨٢٩١٠');
    expect(logs.lines.join('\n')).not.toContain('+966501234567');

    const env = { ...process.env, DATA_DIR: dir };
    const latest = await run(process.execPath, ['scripts/sms.mjs', '--latest'], { env });
    expect(latest.stdout).toContain('To:       +966509999999');
    expect(latest.stdout).toContain('Your place is offered');
    const toOne = await run(process.execPath, ['scripts/sms.mjs', '--latest', '--to', '+966501234567'], { env });
    expect(toOne.stdout).toContain(text);
    expect(toOne.stdout).toContain('Segments: 1 (UCS-2)');
  });
});
