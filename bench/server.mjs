// Builds and serves a Next.js app with `next start`, and reads the memory of
// the process that actually listens (next start may serve from a child).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { serverEnv } from '../scripts/server-node-options.mjs';

// Servers still running when the bench stops (a crash included) are ended with it.
const running = new Set();
process.on('exit', () => {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

const nextBin = (root) => path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');

/** `next build` in `dir` unless `reuse` and a build is there already. */
export function build(root, dir, { reuse = false } = {}) {
  if (reuse && existsSync(path.join(dir, '.next', 'BUILD_ID'))) return;
  console.log(`next build in ${path.relative(root, dir) || '.'} …`);
  const result = spawnSync(process.execPath, [nextBin(root), 'build', dir], { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) throw new Error(`next build failed in ${dir}`);
}

/** The first port of [from, to] nobody listens on. */
export async function freePort(from, to) {
  for (let port = from; port <= to; port++) {
    const free = await new Promise((resolve) => {
      const probe = createServer().once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

/**
 * The app's server (scripts/server.mjs), or `next start`, on a port; resolves once `probePath` answers. `app` servers get
 * the Node options `npm start` gives the app.
 */
export async function start(root, dir, { port, env = {}, probePath = '/', app = false }) {
  // The app as `npm start` serves it (its front door before Next.js: scripts/server.mjs); anything else (the bare
  // Next.js page of the floor) as `next start` does.
  const command = app ? [path.join(dir, 'scripts', 'server.mjs'), '--port', String(port)] : [nextBin(root), 'start', '--port', String(port)];
  const child = spawn(process.execPath, command, {
    cwd: dir,
    // Its own process group, so stop() ends whatever next start spawned too.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', PORT: String(port), ...(app ? serverEnv({ ...process.env, ...env }) : {}), ...env },
  });
  running.add(child.pid);
  child.once('exit', () => running.delete(child.pid));
  // The tail only, for the message when the server does not start: the whole
  // log of a run (a line per API request) would grow a string of many
  // megabytes in this process, on the cores the server is measured on.
  let log = '';
  const keep = (chunk) => (log = (log + chunk).slice(-8000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const stop = () => new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    process.kill(-child.pid, 'SIGTERM');
    setTimeout(() => child.exitCode === null && process.kill(-child.pid, 'SIGKILL'), 5000).unref();
  });
  for (let waited = 0; ; waited += 250) {
    if (child.exitCode !== null) throw new Error(`next start exited:\n${log}`);
    const ok = await fetch(url + probePath).then((r) => r.ok, () => false);
    if (ok) break;
    if (waited > 120_000) {
      await stop();
      throw new Error(`next start did not answer ${probePath} within 2 minutes:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, pid: listeningPid(port) ?? child.pid, log: () => log, stop };
}

/** The pid listening on a TCP port, from `ss` (iproute2); null when unknown. */
function listeningPid(port) {
  try {
    const out = execFileSync('ss', ['-Hltnp', `sport = :${port}`], { encoding: 'utf8' });
    return Number(/pid=(\d+)/.exec(out)?.[1]) || null;
  } catch {
    return null;
  }
}

/** Resident memory of a process in MB (VmRSS). */
export function rssMb(pid) {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kb / 1024;
}
