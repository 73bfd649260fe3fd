#!/usr/bin/env node
// `npm test`: every check, in phases, each one timed, stopping at the first that
// fails. The times are printed as each phase ends and as a table at the end, so a
// slow run says where its minutes went (docs/TESTING.md).
//
//   lint and types   Next.js's route types, then ESLint and tsc side by side (one core each)
//   vitest pglite    every Vitest test, on PGlite
//   vitest postgres  the database tests again on PostgreSQL (when DATABASE_URL is set)
//   build            one production build, shared by every Playwright project (its type check skipped:
//                    tsc has just checked the same, route types included)
//   playwright       the browser tests against that build (`next start`): chromium and both phone widths
//
// Run one phase alone with `node scripts/test-all.mjs <phase>…` (a prefix names several:
// `node scripts/test-all.mjs build playwright` builds, then runs every project).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');

/** Runs a command; resolves with its exit code. */
function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const phases = [
  {
    name: 'lint and types',
    run: async () => {
      // The route types first (.next/types, about 1 s): with them tsc checks the pages and routes against what
      // Next.js expects, as `next build` does, so the build of this run need not check them again.
      const routeTypes = await run(process.execPath, [nextBin, 'typegen'], { NEXT_TELEMETRY_DISABLED: '1' });
      const [lint, types] = await Promise.all([run(bin('eslint'), ['.']), run(bin('tsc'), ['--noEmit'])]);
      return routeTypes || lint || types;
    },
  },
  { name: 'vitest pglite', run: () => run(bin('vitest'), ['run', '--project', 'pglite']) },
  { name: 'vitest postgres', when: () => Boolean(process.env.DATABASE_URL), run: () => run(bin('vitest'), ['run', '--project', 'postgres']) },
  // Built for the browser tests' server: prerendered pages keep the origin of the
  // build (http://localhost:$PORT when APP_URL is unset), so PORT is theirs.
  // After the types phase passed in this run, the build does not check them again (next.config.mjs).
  {
    name: 'build',
    run: () =>
      run(process.execPath, [nextBin, 'build'], {
        NEXT_TELEMETRY_DISABLED: '1',
        PORT: process.env.E2E_PORT ?? '3100',
        ...(passed.has('lint and types') ? { NEXT_TYPES_CHECKED: '1' } : {}),
      }),
  },
  // The web server of playwright.config.ts serves the build just made instead of
  // making its own. Every project in one phase, so one server start (it was one per
  // phase); Playwright's list prints each test's project.
  {
    name: 'playwright',
    run: () => run(bin('playwright'), ['test', '--project', 'chromium', '--project', 'phone-360', '--project', 'phone-390'], { E2E_BUILT: '1' }),
  },
];

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !phases.some((phase) => phase.name.startsWith(name)));
if (unknown.length > 0) {
  console.error(`Unknown phase: ${unknown.join(', ')}. Phases: ${phases.map((phase) => phase.name).join('; ')}`);
  process.exit(2);
}
const chosen = phases.filter((phase) => (asked.length === 0 || asked.some((name) => phase.name.startsWith(name))) && (!phase.when || phase.when()));

const minutes = (ms) => `${Math.floor(ms / 60_000)}:${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}`;
const times = [];
/** The phases that passed in this run. */
const passed = new Set();
const started = Date.now();
let failed = null;
for (const phase of chosen) {
  console.log(`\n▶ ${phase.name}`);
  const begin = Date.now();
  const code = await phase.run();
  const took = Date.now() - begin;
  times.push([phase.name, took, code]);
  if (code === 0) passed.add(phase.name);
  console.log(`■ ${phase.name}: ${minutes(took)} (${code === 0 ? 'passed' : 'FAILED'})`);
  if (code !== 0) {
    failed = phase.name;
    break;
  }
}
console.log('\nphase                      time   result');
for (const [name, took, code] of times) console.log(`${name.padEnd(26)} ${minutes(took).padStart(5)}  ${code === 0 ? 'passed' : 'FAILED'}`);
console.log(`${'all'.padEnd(26)} ${minutes(Date.now() - started).padStart(5)}  ${failed ? `FAILED in ${failed}` : 'passed'}`);
process.exit(failed ? 1 : 0);
