#!/usr/bin/env node
// `npm run bench [-- --duration 10 --memory-duration 60 --lighthouse-rounds 5 --no-build]`: builds and
// serves the app, measures it against floors taken in the same run (DESIGN
// section 8), writes docs/PERFORMANCE.md and exits 1 when a budget is missed.
// On PGlite always; a second time on PostgreSQL when DATABASE_URL is set.
// `npm run bench -- --lighthouse-only [--pages /en,/ar]`: the public pages' Lighthouse budget alone (score,
// Total Blocking Time and CLS beside the bare page's), printed and not written: the phase to repeat when a
// change is about the first layout (issue 38: three benches in a row).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { firstLoadJs } from './first-load-js.mjs';
import { seed, signedInVisitor } from './fixtures.mjs';
import { writeFloorApp } from './floor-app.mjs';
import { lighthouseBesideFloor } from './lighthouse.mjs';
import { CONNECTIONS, floorOf, QUIET_DRAFTS, run, scenarios, settle } from './load.mjs';
import { lighthousePasses, MIN_LIGHTHOUSE_ROUNDS, QUIET_CONNECTIONS } from './budgets.mjs';
import { createDatabase } from './postgres.mjs';
import { keptSection, report } from './report.mjs';
import { build, freePort, rssMb, start } from './server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    'memory-duration': { type: 'string', default: '60' },
    'no-build': { type: 'boolean', default: false },
    'port-from': { type: 'string', default: process.env.BENCH_PORT ?? '3300' },
    'lighthouse-rounds': { type: 'string', default: String(MIN_LIGHTHOUSE_ROUNDS) },
    'lighthouse-only': { type: 'boolean', default: false },
    // With --lighthouse-only: the pages to measure, e.g. --pages /en,/ar,/ar/faqs (all public pages when absent).
    pages: { type: 'string' },
  },
});
const options = { warmup: 5, duration: Number(values.duration), memoryDuration: Number(values['memory-duration']), connections: CONNECTIONS, lighthouseRounds: Number(values['lighthouse-rounds']) };
const portFrom = Number(values['port-from']);
const port = () => freePort(portFrom, portFrom + 99);

const LOCALES = ['en', 'ar'];
const PUBLIC_PAGES = ['', '/faqs', '/static/about', '/static/terms', '/static/privacy', '/static/contact', '/auth/login', '/auth/register'];
// One static page stands for the four (the same template).
// The queue page too (issue 59, item 9): everyone arrives there in an opening minute, signed in (signedInVisitor).
const LIGHTHOUSE_PAGES = ['', '/faqs', '/static/about', '/auth/login', '/auth/register', '/openings/hajj'];
const at = (locale, page) => `/${locale}${page}`;

/** The bare Next.js app (floor-app.mjs), served for the whole run: the floor of the JavaScript and of Lighthouse. */
async function startFloorApp() {
  const dir = writeFloorApp(root);
  build(root, dir, { reuse: values['no-build'] });
  return start(root, dir, { port: await port() });
}

// What a browser sends for a page: the cached copy is served compressed.
const PAGE_HEADERS = { accept: 'text/html', 'accept-encoding': 'gzip', 'accept-language': 'en' };

/** Each public page's throughput beside the constant handler's, measured before and after them (their mean is the floor). */
async function pageThroughput(url) {
  const pages = LOCALES.flatMap((locale) => PUBLIC_PAGES.map((page) => at(locale, page)));
  // Rendered once and cached (the first visit renders), then every route warmed up together.
  for (const page of pages) await fetch(url + page, { headers: PAGE_HEADERS });
  console.log(`pages: warm-up for ${options.warmup} s …`);
  await run(url, [{ method: 'GET', path: '/api/build' }, ...pages.map((path) => ({ method: 'GET', path, headers: PAGE_HEADERS }))], options.warmup);
  const floorRun = () => run(url, [{ method: 'GET', path: '/api/build' }], options.duration);
  console.log(`autocannon floor (pages) for ${options.duration} s …`);
  const before = await floorRun();
  const figures = {};
  for (const page of pages) {
    console.log(`autocannon ${page} for ${options.duration} s …`);
    figures[page] = await run(url, [{ method: 'GET', path: page, headers: PAGE_HEADERS }], options.duration);
  }
  const after = await floorRun();
  const floor = { rps: (before.rps + after.rps) / 2, before: before.rps, after: after.rps, p99: Math.max(before.p99, after.p99) };
  return { floor, pages: figures };
}

/** The Lighthouse pages by name, each with its address and, for a page seen only signed in, the visitor's headers. */
async function lighthousePages(url, names, dataDir) {
  const visitor = names.some(needsSession) ? await signedInVisitor(url, dataDir) : undefined;
  return names.map((name) => ({ name, url: url + name, headers: needsSession(name) ? visitor : undefined }));
}
const needsSession = (name) => name.includes('/openings/');

async function measurePages(url, floorApp, dataDir) {
  const js = {};
  for (const locale of LOCALES) for (const page of PUBLIC_PAGES) js[at(locale, page)] = await firstLoadJs(url, at(locale, page));
  const throughput = await pageThroughput(url);
  const pages = await lighthousePages(url, LOCALES.flatMap((locale) => LIGHTHOUSE_PAGES.map((page) => at(locale, page))), dataDir);
  const lighthouse = await lighthouseBesideFloor(root, floorApp.url + '/', pages, options.lighthouseRounds);
  return { js, throughput, lighthouse };
}

async function measureApi(url, server, dataDir, opsKey) {
  console.log('Creating the account, 20 sent requests and the drafts …');
  // Half again as many drafts as connections for each of the three phases that save.
  const fixtures = await seed(url, { drafts: Math.ceil(4.5 * CONNECTIONS) + QUIET_DRAFTS, dataDir, opsKey });
  const routes = scenarios(fixtures);
  console.log(`warm-up for ${options.warmup} s …`);
  await run(url, routes.warmup, options.warmup);
  const api = {};
  const measure = (name) => {
    console.log(`autocannon ${name} for ${options.duration} s …`);
    return run(url, routes[name], options.duration);
  };
  // The floor before and after each budgeted route (as for the pages): a shared
  // machine drifts within a minute, and each route is set beside the floor of its
  // own moment (DESIGN section 8: interleaved where the tool allows).
  const floors = [await measure('floor')];
  api.list = await measure('list');
  floors.push(await measure('floor'));
  api.autosave = await measure('autosave');
  floors.push(await measure('floor'));
  api.notifications = await measure('notifications');
  api.floor = floorOf(floors);
  api.floorBeside = { list: floorOf(floors.slice(0, 2)), autosave: floorOf(floors.slice(1, 3)) };
  // The same two budgeted routes with few connections: latency of the app, not of a queue.
  // Before the sign-in phase, and each on a server that has finished the phase before it.
  for (const name of ['quietList', 'quietAutosave']) {
    await settle(url);
    console.log(`autocannon ${name} at ${QUIET_CONNECTIONS} connections for ${options.duration} s …`);
    api[name] = await run(url, routes[name], options.duration, QUIET_CONNECTIONS);
  }
  console.log(`autocannon login for ${options.duration} s …`);
  api.login = await run(url, routes.login, options.duration);
  await settle(url);
  console.log(`mixed load for ${options.memoryDuration} s …`);
  api.mixed = await run(url, routes.mixed, options.memoryDuration);
  return { api, rssAfter: rssMb(server.pid) };
}

/** One server on one database: its API figures, its memory, and the pages when asked. */
async function measureOn(name, env, floorApp) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
  // Migrations first, as a deployment runs them: the server then opens an
  // existing database, as it does on every start but the first.
  const migrate = spawnSync(process.execPath, [path.join(root, 'scripts', 'db-migrate.mjs')], { cwd: root, env: { ...process.env, ...env, DATA_DIR: dataDir }, stdio: 'inherit' });
  if (migrate.status !== 0) throw new Error('npm run db:migrate failed');
  console.log(`Serving the app on ${name} …`);
  // The seed pays its requests at the counter with it (bench/fixtures.mjs).
  const opsKey = randomBytes(16).toString('hex');
  const server = await start(root, root, { port: await port(), env: { ...env, DATA_DIR: dataDir, OPS_API_KEY: opsKey, TRUST_PROXY_HOPS: '1' }, probePath: '/api/build', app: true });
  try {
    const idle = rssMb(server.pid);
    const pages = floorApp ? await measurePages(server.url, floorApp, dataDir) : null;
    const { api, rssAfter } = await measureApi(server.url, server, dataDir, opsKey);
    return { pages, database: { name, api, rss: { idle, after: rssAfter } } };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The Lighthouse phase alone, on PGlite: each public page beside the floor page; exits 1 on a miss. */
async function lighthouseOnly(floorApp) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
  const server = await start(root, root, { port: await port(), env: { DATABASE_URL: undefined, DATA_DIR: dataDir, OPS_API_KEY: randomBytes(16).toString('hex') }, probePath: '/api/build', app: true });
  try {
    const chosen = values.pages?.split(',').map((page) => page.trim()).filter(Boolean);
    const names = chosen?.length ? chosen : LOCALES.flatMap((locale) => LIGHTHOUSE_PAGES.map((page) => at(locale, page)));
    const pages = await lighthousePages(server.url, names, dataDir);
    // Each page rendered once first (the cached copy is what visitors get).
    for (const { url, headers } of pages) await fetch(url, { headers: { ...PAGE_HEADERS, ...headers } });
    const results = await lighthouseBesideFloor(root, floorApp.url + '/', pages, options.lighthouseRounds);
    let missed = 0;
    console.log(`\n| page | score | floor score | TBT ms | floor TBT ms | TBT ratio | CLS | result |\n|---|---:|---:|---:|---:|---:|---:|---|`);
    for (const [page, lh] of Object.entries(results)) {
      const ok = lighthousePasses(lh) && options.lighthouseRounds >= MIN_LIGHTHOUSE_ROUNDS;
      missed += ok ? 0 : 1;
      console.log(`| ${page} | ${lh.page.score} | ${lh.floor.score} | ${Math.round(lh.page.tbt)} | ${Math.round(lh.floor.tbt)} | ${(lh.page.tbt / Math.max(lh.floor.tbt, 1)).toFixed(2)} | ${lh.page.cls.toFixed(3)} | ${ok ? 'pass' : 'MISS'} |`);
    }
    console.log(`\n${new Date().toISOString()}, load average ${os.loadavg()[0].toFixed(1)}: ${missed ? `${missed} page(s) missed` : 'every page passed'}`);
    return missed;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const started = new Date();
build(root, root, { reuse: values['no-build'] });
const floorApp = await startFloorApp();
if (values['lighthouse-only']) {
  let missed;
  try {
    missed = await lighthouseOnly(floorApp);
  } finally {
    await floorApp.stop();
  }
  process.exit(missed ? 1 : 0);
}
let floor;
let pglite;
try {
  floor = await firstLoadJs(floorApp.url, '/');
  // An undefined value leaves the variable out of the server's environment: PGlite.
  pglite = await measureOn('PGlite', { DATABASE_URL: undefined }, floorApp);
} finally {
  await floorApp.stop();
}

const { DATABASE_URL } = process.env;
const databases = [pglite.database];
if (DATABASE_URL) {
  const own = await createDatabase(DATABASE_URL);
  try {
    databases.push((await measureOn('PostgreSQL', { DATABASE_URL: own.url }, null)).database);
  } finally {
    await own.drop();
  }
}

const cpus = os.cpus();
const machine = `${cpus.length} cores (${cpus[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, load average ${os.loadavg()[0].toFixed(1)} at the end`;
const { markdown, missed } = report({ date: started.toISOString().replace('T', ' ').slice(0, 16) + ' UTC', machine, options, pages: { floor, ...pglite.pages }, databases });
const performanceMd = path.join(root, 'docs', 'PERFORMANCE.md');
// The opening minute's and the opening day's figures come from other commands (npm run load -- --opening-minute, --opening-day): kept as they were.
const kept = keptSection(existsSync(performanceMd) ? readFileSync(performanceMd, 'utf8') : '');
writeFileSync(performanceMd, kept ? `${markdown.trimEnd()}\n\n${kept}` : markdown);
console.log(markdown);
if (missed.length) {
  console.error(`\n${missed.length} budget(s) missed:\n- ${missed.join('\n- ')}`);
  process.exit(1);
}
