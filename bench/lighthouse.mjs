// Lighthouse 12 (mobile, simulated throttling: its defaults) on the system Chromium.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

// A run sometimes fails to record its trace on a busy machine (NO_NAVSTART, "Please
// run Lighthouse again"): such a run is repeated, up to three attempts in all.
const ATTEMPTS = 3;

export async function lighthouse(root, url, headers) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseOnce(root, url, headers);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      console.log(`Lighthouse ${new URL(url).pathname}: attempt ${attempt} failed (${String(error.message).split('\n')[0].slice(0, 160)}); again …`);
    }
  }
}

async function lighthouseOnce(root, url, headers) {
  const cli = path.join(root, 'node_modules', 'lighthouse', 'cli', 'index.js');
  const args = [cli, url, '--quiet', '--only-categories=performance', '--output=json', '--output-path=stdout', '--chrome-flags=--headless=new --no-sandbox'];
  // A page seen signed in (the queue page) gets the session's cookie on its requests.
  if (headers) args.push(`--extra-headers=${JSON.stringify(headers)}`);
  const { stdout } = await promisify(execFile)(process.execPath, args, {
    env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    maxBuffer: 256 * 1024 * 1024,
  });
  const report = JSON.parse(stdout);
  if (report.runtimeError) throw new Error(`Lighthouse on ${url}: ${report.runtimeError.message}`);
  return {
    score: Math.round(report.categories.performance.score * 100),
    cls: report.audits['cumulative-layout-shift'].numericValue,
    tbt: report.audits['total-blocking-time'].numericValue,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * Each page beside the floor page, interleaved (floor, page, floor, page, …)
 * for `rounds` rounds, so both see the same machine: a busy moment lowers both.
 * Answers, per page, its runs and the floor's runs taken beside it.
 */
export async function lighthouseBesideFloor(root, floorUrl, pages, rounds) {
  const results = Object.fromEntries(pages.map(({ name }) => [name, { page: [], floor: [] }]));
  for (let round = 1; round <= rounds; round++) {
    for (const { name, url, headers } of pages) {
      console.log(`Lighthouse round ${round}/${rounds}: floor, then ${name} …`);
      results[name].floor.push(await lighthouse(root, floorUrl));
      results[name].page.push(await lighthouse(root, url, headers));
    }
  }
  return Object.fromEntries(Object.entries(results).map(([name, runs]) => [name, { page: summarize(runs.page), floor: summarize(runs.floor) }]));
}

/** Medians of the score and of Total Blocking Time, the worst CLS, and every score. */
function summarize(runs) {
  return { score: median(runs.map((r) => r.score)), tbt: median(runs.map((r) => r.tbt)), cls: Math.max(...runs.map((r) => r.cls)), scores: runs.map((r) => r.score) };
}

