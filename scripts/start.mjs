#!/usr/bin/env node
// `npm start`: builds the app when no build exists yet, then serves it on
// PORT (default 3000) with the embedded defaults (everything under DATA_DIR).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { serverEnv } from './server-node-options.mjs';
import { KEEP_ALIVE_MS, serverArgs } from './start-args.mjs';

const root = path.resolve(import.meta.dirname, '..');
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const dataDir = path.resolve(root, process.env.DATA_DIR ?? '.data');
mkdirSync(dataDir, { recursive: true });

function run(args, env = {}) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, DATA_DIR: dataDir, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(path.join(root, '.next', 'BUILD_ID')) || process.argv.slice(2).includes('--rebuild')) {
  console.log('No build found: building the app first (about half a minute).');
  run([nextBin, 'build']);
}
// Payments: nothing is chosen here. On the embedded default (APP_URL unset, so
// http://localhost:PORT) the server takes test payments; on any other address it
// needs the Moyasar keys or PAYMENT_GATEWAY=test, or refuses to start
// (lib/server/payments/gateway-choice.ts). The server: Next.js behind the app's
// front door (scripts/server.mjs; docs/ARCHITECTURE.md, "The way in").
run([path.join(root, 'scripts', 'server.mjs'), ...serverArgs(process.argv.slice(2), process.env, KEEP_ALIVE_MS)], serverEnv());
