// Lighthouse 12 (mobile, simulated throttling: its defaults) on the system Chromium.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

// A run sometimes fails to record its trace on a busy machine (NO_NAVSTART, "Please
// run Lighthouse again"): such a run is repeated, up to three attempts in all.
const ATTEMPTS = 3;

export async function lighthouse(root, url) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseOnce(root, url);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      console.log(`Lighthouse ${new URL(url).pathname}: attempt ${attempt} failed (${String(error.message).split('\n')[0].slice(0, 160)}); again …`);
    }
  }
}

async function lighthouseOnce(root, url) {
  const cli = path.join(root, 'node_modules', 'lighthouse', 'cli', 'index.js');
  const args = [cli, url, '--quiet', '--only-categories=performance', '--output=json', '--output-path=stdout', '--chrome-flags=--headless=new --no-sandbox'];
  const { stdout } = await promisify(execFile)(process.execPath, args, {
    env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    maxBuffer: 256 * 1024 * 1024,
  });
  const report = JSON.parse(stdout);
  if (report.runtimeError) throw new Error(`Lighthouse on ${url}: ${report.runtimeError.message}`);
  return { score: Math.round(report.categories.performance.score * 100), cls: report.audits['cumulative-layout-shift'].numericValue };
}

/** The median score of several runs (the lower middle one for an even count), the worst CLS, and every score. */
export function summarizeLighthouse(runs) {
  const scores = runs.map((r) => r.score).sort((a, b) => a - b);
  return { score: scores[Math.floor((scores.length - 1) / 2)], cls: Math.max(...runs.map((r) => r.cls)), scores: runs.map((r) => r.score) };
}
