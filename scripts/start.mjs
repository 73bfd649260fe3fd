#!/usr/bin/env node
// `npm start`: builds the app when no build exists yet, then serves it on
// PORT (default 3000) with the embedded defaults (everything under DATA_DIR).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { serverEnv } from './server-node-options.mjs';

const root = path.resolve(import.meta.dirname, '..');
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const dataDir = path.resolve(root, process.env.DATA_DIR ?? '.data');
mkdirSync(dataDir, { recursive: true });

function run(args, env = {}) {
  const result = spawnSync(process.execPath, [nextBin, ...args], { cwd: root, stdio: 'inherit', env: { ...process.env, DATA_DIR: dataDir, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(path.join(root, '.next', 'BUILD_ID')) || process.argv.includes('--rebuild')) {
  console.log('No build found: building the app first (about half a minute).');
  run(['build']);
}
// Idle keep-alive connections stay open 65 s (Node's default is 5 s): longer
// than a load balancer's idle timeout (60 s on the common ones), so the app
// never closes a connection the balancer, or any client, is about to reuse
// (that race shows as a reset connection or a 502).
const KEEP_ALIVE_MS = '65000';
// The embedded defaults take payments through the built-in test gateway (test cards, no money),
// which a production server offers only when told so; the server says so in one log line.
const gateway = process.env.PAYMENT_GATEWAY || (process.env.MOYASAR_SECRET_KEY ? '' : 'test');
run(['start', '--port', process.env.PORT ?? '3000', '--keepAliveTimeout', KEEP_ALIVE_MS], {
  ...serverEnv(),
  ...(gateway ? { PAYMENT_GATEWAY: gateway } : {}),
});
