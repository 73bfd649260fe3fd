import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { portFor } from './app-process';

// `npm start` as a deployer runs it, on the build the e2e web server made
// (issue 37, items 1 and 6): each test starts `node scripts/start.mjs` itself.

type Started = { exitCode: Promise<number | null>; output: () => string; stop: () => Promise<void> };

function npmStart(args: string[], env: Record<string, string>): Started {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-start-'));
  // Its own PGlite and no Redis: on the suite's DATABASE_URL its outbox worker
  // would send other tests' e-mails into this folder, deleted at stop (seen in CI:
  // a verify_email e-mail that never came).
  const child = spawn(process.execPath, ['scripts/start.mjs', ...args], {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', LOG_LEVEL: 'warn', DATA_DIR: dataDir, PAYMENT_GATEWAY: '', MOYASAR_SECRET_KEY: '', APP_URL: '', HOSTNAME: '', DATABASE_URL: '', REDIS_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exitCode = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    exitCode,
    output: () => output,
    stop: async () => {
      // The whole group: start.mjs and the `next start` it runs.
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
      await Promise.race([exitCode, new Promise((r) => setTimeout(r, 5000))]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function answers(url: string) {
  return fetch(url, { signal: AbortSignal.timeout(3000) }).then(
    (response) => response.status,
    () => null,
  );
}

async function untilAnswering(url: string, started: Started) {
  for (let waited = 0; waited < 90_000; waited += 300) {
    if ((await answers(url)) === 200) return;
    if (await Promise.race([started.exitCode.then(() => true), new Promise((r) => setTimeout(() => r(false), 300))])) break;
  }
  throw new Error(`the server did not start:\n${started.output()}`);
}

test.describe('npm start', () => {
  test.describe.configure({ timeout: 150_000 });

  test('refuses to start without gateway keys on a site others reach, naming the settings', async () => {
    const started = npmStart([], { PORT: String(portFor(25)), APP_URL: 'https://pilgrims.example.org' });
    try {
      const code = await Promise.race([started.exitCode, new Promise<'running'>((r) => setTimeout(() => r('running'), 90_000))]);
      expect(code, started.output()).toBe(1);
      expect(started.output()).toContain(
        'Payments: no gateway can take payments on https://pilgrims.example.org. Set MOYASAR_SECRET_KEY, MOYASAR_PUBLISHABLE_KEY, MOYASAR_WEBHOOK_SECRET for Moyasar, or PAYMENT_GATEWAY=test',
      );
    } finally {
      await started.stop();
    }
  });

  test('listens only where -H tells it to (HOSTNAME goes the same way: scripts/start-args.test.ts)', async () => {
    const port = portFor(26);
    const started = npmStart(['-H', '127.0.0.1'], { PORT: String(port) });
    try {
      await untilAnswering(`http://127.0.0.1:${port}/api/health`, started);
      // 127.0.0.2 is this machine too, but not the address it was told: nothing listens there.
      expect(await answers(`http://127.0.0.2:${port}/api/health`)).toBeNull();
    } finally {
      await started.stop();
    }
  });
});
