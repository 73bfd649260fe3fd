#!/usr/bin/env node
// `npm run load`: 60 seconds, 50 connections, reads and writes mixed, against a
// production build. Passes when every answer is the expected 2xx (no other
// status, no timeout, no reset). Prints requests per second, p50/p99 latency,
// errors and the server's memory (RSS).
//
//   npm run load                         PGlite, and PostgreSQL too when DATABASE_URL is set
//   npm run load -- --db pglite          one database only (pglite | postgres)
//   npm run load -- --url http://host:3000   an app that is already running (no RSS figure)
//   options: --duration 60 --connections 50 --port 3400
//
//   npm run load -- --opening-minute     the minute a season opens through its queue (scripts/opening-minute.mjs): two
//                                        instances on PostgreSQL and Redis, --arrivals 2000 over 60 s, --rate, --places
//   npm run load -- --opening-day        the day a season opens (scripts/opening-day.mjs): 300 pilgrims
//                                        send at once for 50 places, the turned away join the reserve
//                                        list, the holders pay; fails unless exactly 50 hold, no 5xx,
//                                        no double charge, and send's and pay's p99 stay within 3 × the
//                                        health check's. --pilgrims 300 --places 50; --db as above.
//
// LOAD_SERVER_PROFILE_DIR=/tmp/prof: the server is started with --cpu-prof, its
// profile written there when it stops (open it in Chrome's DevTools).
//
// It builds the app first when there is no build. On PostgreSQL it runs on a
// database of its own, created from DATABASE_URL and dropped afterwards; on
// PGlite, in a data folder of its own under .data/.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { openingDay, openingDayBudget, openingDayFailures, openingDayTable, readTheDatabase } from './opening-day.mjs';
import { serverEnv } from './server-node-options.mjs';
import { openingMinute, openingMinuteTable } from './opening-minute.mjs';

const root = path.resolve(import.meta.dirname, '..');
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');

const { values: options } = parseArgs({
  options: {
    db: { type: 'string' },
    url: { type: 'string' },
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '50' },
    port: { type: 'string', default: process.env.LOAD_PORT ?? '3400' },
    'opening-day': { type: 'boolean', default: false },
    'opening-minute': { type: 'boolean', default: false },
    arrivals: { type: 'string', default: '2000' },
    rate: { type: 'string' },
    pilgrims: { type: 'string', default: '300' },
    places: { type: 'string', default: '50' },
  },
});
const DURATION = Number(options.duration);
const CONNECTIONS = Number(options.connections);
// More users than connections: a connection takes a free one for each round, so no two rounds autosave one draft at once.
const USERS = CONNECTIONS + 10;
// Requests each user already has, so that the list is not empty.
const EXISTING_REQUESTS = 5;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function api(origin, method, route, token, body) {
  const response = await fetch(`${origin}/api/v1${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}`);
  return json;
}

/** Users with a token, a draft to autosave and a few requests each (made through the API, as clients would). */
async function makeUsers(origin) {
  const users = [];
  const stamp = Date.now().toString(36);
  for (let batch = 0; batch < USERS; batch += 10) {
    const made = await Promise.all(
      Array.from({ length: Math.min(10, USERS - batch) }, async (_, i) => {
        const n = batch + i;
        const { token } = await api(origin, 'POST', '/auth/register', undefined, {
          name: 'Load Tester',
          email: `load.${stamp}.${n}@example.com`,
          password: 'Labbaik#2026',
          password_confirmation: 'Labbaik#2026',
        });
        for (let k = 0; k < EXISTING_REQUESTS - 1; k += 1) await api(origin, 'POST', '/requests', token, { type: k % 2 ? 'hajj' : 'umrah' });
        const { data } = await api(origin, 'POST', '/requests', token, { type: 'umrah' });
        return { token, draftId: data.id, version: data.version, saves: 0, pending: false };
      }),
    );
    users.push(...made);
  }
  return users;
}

/**
 * One round of a user, in order: list, open the draft, autosave it, read the
 * notifications, start a new draft, autosave again, delete the new draft.
 * Each connection takes a free user for the round (the context is cleared
 * between rounds), so autosaves always carry the current version.
 */
function rounds(users) {
  const free = [...users];
  const json = (body) => {
    try {
      return JSON.parse(body);
    } catch {
      return {};
    }
  };
  const auth = (context) => ({ authorization: `Bearer ${context.user.token}`, 'content-type': 'application/json', 'accept-language': 'en' });
  const autosave = (context) => {
    context.user.saves += 1;
    // Until its answer arrives: the run may end with this save committed but not yet answered.
    context.user.pending = true;
    return JSON.stringify({ step: 'service', data: { package: 'standard', note: `save ${context.user.saves}` }, version: context.user.version });
  };
  const saved = (status, body, context) => {
    context.user.pending = false;
    if (status === 200) context.user.version = json(body).data.version;
  };
  return [
    {
      method: 'GET',
      setupRequest(request, context) {
        context.user = free.shift();
        return { ...request, path: '/api/v1/requests', headers: auth(context) };
      },
    },
    { method: 'GET', setupRequest: (request, context) => ({ ...request, path: `/api/v1/requests/${context.user.draftId}`, headers: auth(context) }) },
    {
      method: 'PATCH',
      setupRequest: (request, context) => ({ ...request, path: `/api/v1/requests/${context.user.draftId}`, headers: auth(context), body: autosave(context) }),
      onResponse: saved,
    },
    { method: 'GET', setupRequest: (request, context) => ({ ...request, path: '/api/v1/notifications', headers: auth(context) }) },
    {
      method: 'POST',
      setupRequest: (request, context) => ({ ...request, path: '/api/v1/requests', headers: auth(context), body: JSON.stringify({ type: 'hajj' }) }),
      onResponse(status, body, context) {
        if (status === 201) context.created = json(body).data.id;
      },
    },
    {
      method: 'PATCH',
      setupRequest: (request, context) => ({ ...request, path: `/api/v1/requests/${context.user.draftId}`, headers: auth(context), body: autosave(context) }),
      onResponse: saved,
    },
    {
      method: 'DELETE',
      // The new draft's id comes from the POST's answer; a failed POST is already counted as an error.
      setupRequest: (request, context) => ({ ...request, path: `/api/v1/requests/${context.created ?? 'missing'}`, headers: auth(context) }),
      onResponse(status, body, context) {
        free.push(context.user);
      },
    },
  ];
}

/** Resident memory of a process and its children, in MB (Linux /proc). */
function rssMb(pid) {
  const children = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).stdout.split(/\s+/).filter(Boolean);
  let kb = 0;
  for (const id of [String(pid), ...children]) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // exited meanwhile
    }
  }
  return Math.round(kb / 1024);
}

async function startServer(db, port) {
  if (!existsSync(path.join(root, '.next', 'BUILD_ID'))) {
    console.log('No build found: building the app first.');
    const built = spawnSync(process.execPath, [nextBin, 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const tag = `load_${Date.now().toString(36)}`;
  // The opening day adds its admin with it; the test gateway's webhooks go to http://localhost:$PORT.
  const opsKey = randomBytes(24).toString('hex');
  const dataDir = path.join(root, '.data', tag);
  let databaseUrl = '';
  let dropDatabase = async () => {};
  if (db === 'postgres') {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database portal_${tag}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/portal_${tag}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists portal_${tag} with (force)`);
      await cleanup.end();
    };
  }
  const child = spawn(process.execPath, [...(process.env.LOAD_SERVER_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.LOAD_SERVER_PROFILE_DIR}`] : []), path.join(root, 'scripts', 'server.mjs'), '-p', String(port)], {
    cwd: root,
    // The Node options `npm start` serves with, so the memory figures are the deployment's.
    // The users are registered from this one machine: the per-address registration limit is raised.
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', ...serverEnv({ ...process.env, DATABASE_URL: databaseUrl }), DATA_DIR: dataDir, DATABASE_URL: databaseUrl, REDIS_URL: '', REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000', PORT: String(port), OPS_API_KEY: opsKey },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 300) {
    if (child.exitCode !== null) throw new Error('the server exited at start');
    if (await fetch(`${origin}/api/v1/request-types`).then((r) => r.ok, () => false)) break;
    if (waited > 120_000) throw new Error('the server did not start');
    await sleep(300);
  }
  return {
    origin,
    pid: child.pid,
    opsKey,
    dataDir,
    databaseUrl,
    /** Stops the server; `read(…)`, when given, reads its database first (PostgreSQL) or once the server has let go of it (PGlite). */
    async stop(read) {
      let figures;
      if (read && databaseUrl) figures = await read(databaseUrl, null);
      child.kill('SIGTERM');
      await Promise.race([new Promise((resolve) => child.once('exit', resolve)), sleep(5000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
      if (read && !databaseUrl) figures = await read(null, path.join(dataDir, 'pglite'));
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
      return figures;
    },
  };
}

async function loadTest(label, origin, pid) {
  console.log(`\n${label}: making ${USERS} users with ${EXISTING_REQUESTS} requests each…`);
  const users = await makeUsers(origin);
  const rssBefore = pid ? rssMb(pid) : null;
  let rssPeak = rssBefore ?? 0;
  const sampler = pid ? setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(pid))), 1000) : null;
  console.log(`${label}: ${CONNECTIONS} connections for ${DURATION} s…`);
  const result = await autocannon({ url: origin, connections: CONNECTIONS, duration: DURATION, timeout: 10, requests: rounds(users) });
  if (sampler) clearInterval(sampler);
  const rssAfter = pid ? rssMb(pid) : null;
  // Every save must be there: each user's draft carries the version of its last acknowledged autosave.
  let lostSaves = 0;
  for (const user of users) {
    const { data } = await api(origin, 'GET', `/requests/${user.draftId}`, user.token);
    const inFlightAtEnd = user.pending && data.version === user.version + 1;
    if (data.version !== user.version && !inFlightAtEnd) lostSaves += 1;
  }
  const errors = result.errors + result.timeouts + result.non2xx + (result.resets ?? 0) + result.mismatches;
  return {
    database: label,
    requests: result.requests.total,
    req_per_s: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    max_ms: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    resets: result.resets ?? 0,
    lost_saves: lostSaves,
    rss_mb_before: rssBefore,
    rss_mb_peak: pid ? rssPeak : null,
    rss_mb_after: rssAfter,
    statuses: result.statusCodeStats,
    pass: errors === 0 && lostSaves === 0,
  };
}

/** The database's figures after the opening day: on PostgreSQL while the server runs, on PGlite from its folder once it has stopped. */
async function readOpeningDay(databaseUrl, pgliteFolder) {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await readTheDatabase(async (sql) => (await client.query(sql)).rows, 'umrah', 'standard');
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(pgliteFolder);
  try {
    return await readTheDatabase(async (sql) => (await db.query(sql)).rows, 'umrah', 'standard');
  } finally {
    await db.close();
  }
}

async function openingDays() {
  const pilgrims = Number(options.pilgrims);
  const places = Number(options.places);
  if (!(Number.isInteger(pilgrims) && pilgrims > 0 && Number.isInteger(places) && places >= 0)) throw new Error('--pilgrims and --places are whole numbers');
  if (options.url) throw new Error('--opening-day starts its own server (it reads the database after): leave out --url');
  const results = [];
  let failed = false;
  const databases = options.db ? [options.db] : ['pglite', ...(process.env.DATABASE_URL ? ['postgres'] : [])];
  for (const db of databases) {
    if (db === 'postgres' && !process.env.DATABASE_URL) throw new Error('--db postgres needs DATABASE_URL');
    const label = db === 'postgres' ? 'PostgreSQL' : 'PGlite';
    const server = await startServer(db, Number(options.port));
    let run;
    try {
      run = await openingDay({ origin: server.origin, opsKey: server.opsKey, mailDir: path.join(server.dataDir, 'mail'), pilgrims, places, label });
    } catch (error) {
      // One database's crash is a failure of the run, and the other database still runs.
      console.error(`${label}: the opening day stopped: ${error.stack ?? error}`);
      failed = true;
    } finally {
      const figures = await server.stop(run ? readOpeningDay : undefined);
      if (run) results.push({ ...run, db: figures });
    }
    if (!run) continue;
    // Printed as each database finishes: a later one's trouble loses nothing.
    const r = results.at(-1);
    const failures = openingDayFailures(r);
    console.log(`\n${openingDayTable([r])}\n`);
    console.log(`${r.label}: ${r.db.held} of ${r.places} places held, ${r.db.statuses.submitted ?? 0} paid and sent, ${r.db.reserveList} on the reserve list, ${r.db.chargesTaken} charges taken, ${r.db.doubleCharges} double, ${r.db.refunds} refunds; ${r.distinctCheckouts} checkouts for ${r.pay.whole.count} holders: ${failures.length ? `FAIL\n  - ${failures.join('\n  - ')}` : 'pass'}`);
    const budget = openingDayBudget(r);
    const ratios = budget.steps.map((s) => `${s.step} ${s.p99} ms = ${s.ratio === null ? '?' : s.ratio.toFixed(1)} × the health check's ${s.healthP99} (${s.count} at once; budget ${s.budget} ×)`);
    console.log(`${r.label}: p99 within budget (send and "Pay" 2 ×, the capture 3 × the health check's): ${budget.pass ? 'pass' : 'MISS'}\n  - ${ratios.join('\n  - ')}`);
    console.log(JSON.stringify(r));
    failed ||= failures.length > 0 || !budget.pass;
  }
  if (results.length > 1) console.log(`\n${openingDayTable(results)}\n`);
  process.exit(failed ? 1 : 0);
}

if (options['opening-minute']) {
  // Two instances on PostgreSQL and Redis (docs/OPENING.md): DATABASE_URL and REDIS_URL (default the local one).
  if (!process.env.DATABASE_URL) throw new Error('--opening-minute needs DATABASE_URL (PostgreSQL)');
  const arrivals = Number(options.arrivals);
  const places = options.places === '50' ? Math.max(1, Math.floor(arrivals / 4)) : Number(options.places);
  const rate = Number(options.rate ?? Math.max(1, Math.round(arrivals / 4)));
  const result = await openingMinute({ arrivals, places, rate, port: Number(options.port), redisUrl: process.env.REDIS_URL || 'redis://127.0.0.1:6379' });
  console.log(`\n${openingMinuteTable(result)}\n\n${result.pass ? 'Within the budget.' : 'Over the budget.'}`);
  process.exit(result.pass ? 0 : 1);
}
if (options['opening-day']) await openingDays();

const results = [];
if (options.url) {
  results.push(await loadTest(options.url, options.url.replace(/\/$/, ''), null));
} else {
  const databases = options.db ? [options.db] : ['pglite', ...(process.env.DATABASE_URL ? ['postgres'] : [])];
  for (const db of databases) {
    if (db === 'postgres' && !process.env.DATABASE_URL) throw new Error('--db postgres needs DATABASE_URL');
    const server = await startServer(db, Number(options.port));
    try {
      results.push(await loadTest(db === 'postgres' ? 'PostgreSQL' : 'PGlite', server.origin, server.pid));
    } finally {
      await server.stop();
    }
  }
}

console.log('\n| database | requests | req/s | p50 ms | p99 ms | max ms | non-2xx | errors | timeouts | resets | lost saves | RSS MB (before/peak/after) | result |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.database} | ${r.requests} | ${r.req_per_s} | ${r.p50_ms} | ${r.p99_ms} | ${r.max_ms} | ${r.non2xx} | ${r.errors} | ${r.timeouts} | ${r.resets} | ${r.lost_saves} | ${r.rss_mb_before ?? '–'}/${r.rss_mb_peak ?? '–'}/${r.rss_mb_after ?? '–'} | ${r.pass ? 'pass' : 'FAIL'} |`,
  );
}
console.log(JSON.stringify(results));
process.exit(results.every((r) => r.pass) ? 0 : 1);
