// docs/PERFORMANCE.md from the figures of one run, and the list of missed budgets.
import * as b from './budgets.mjs';

const API_NAMES = {
  floor: 'floor: GET /api/build (constant)',
  list: 'GET /api/v1/requests (20 items)',
  autosave: 'PATCH /api/v1/requests/{id} (autosave)',
  notifications: 'GET /api/v1/notifications',
  login: 'POST /api/v1/auth/login (scrypt)',
};
// The budgeted routes measured again at a few connections, for their p99.
const QUIET = { list: 'quietList', autosave: 'quietAutosave' };
const BUDGETED = new Set(['list', 'autosave']);
const n0 = (x) => Math.round(x).toLocaleString('en');
const n1 = (x) => x.toFixed(1);
const verdict = (ok) => (ok ? 'pass' : '**FAIL**');

export function report({ date, machine, options, pages, databases }) {
  const missed = [];
  const lines = [
    '# Performance',
    '',
    `Measured by \`npm run bench\` on ${date}: ${machine}.`,
    `Load: autocannon, ${options.connections} connections (the budgeted routes again at ${b.QUIET_CONNECTIONS}); every route warmed up together for ${options.warmup} s, then ${options.duration} s per route; memory after a ${options.memoryDuration} s mixed load.`,
    '',
    '## How to read this',
    '',
    'These machines are shared, so absolute figures drift from run to run; each figure',
    'is set beside a floor measured in the same run, and the budgets of DESIGN section 8',
    'are ratios to that floor where they can be. The API floor is a route handler that',
    'answers a constant (`GET /api/build`) on the same server, run before and after each',
    'budgeted route; the JavaScript floor is a',
    'separate bare Next.js app (one page of plain text, no client component, outside',
    'the project so none of its code is compiled in) built with the same next and',
    'react. JavaScript is the sum of every `<script src>` without',
    '`nomodule` in the built HTML, each gzipped at level 9; KB = 1024 bytes. Errors are',
    'failed connections, timeouts and non-2xx answers. Lighthouse is the mobile preset',
    `(simulated throttling) on the system Chromium, interleaved with the floor page (the bare`,
    `app's): floor, page, floor, page, … for ${options.lighthouseRounds} rounds per page; the medians of the`,
    'score and of Total Blocking Time count, and the worst CLS of the runs. The public',
    'pages are served from the cache (prerendered) and compressed, as a browser asks',
    'for them; their floor is the same constant handler, measured before and after them.',
    'Sign-in has no budget: scrypt makes each attempt cost about 50 ms of CPU by design.',
    '',
    'PGlite runs PostgreSQL single-threaded in WebAssembly inside the server process:',
    'every query takes a turn of the same thread that serves HTTP, and its memory (a',
    'WebAssembly heap that never shrinks, with 32 MB of shared buffers) counts in the',
    'server\'s RSS. The PostgreSQL tables show the cost of the app itself. The database is migrated',
    'before the server starts, as a deployment does. The server runs with the Node options',
    '`npm start` gives it (scripts/server-node-options.mjs: a 256 MB old generation, 8 MB semi-spaces with PGlite and V8\'s own 16 MB with PostgreSQL, and glibc\'s threshold for mapping large blocks fixed at 128 KB).',
    '',
  ];

  if (pages) {
    const budget = b.jsBudget(pages.floor.kb);
    lines.push('## Pages (the PGlite server; pages read no database figures)', '', `First-load JavaScript, floor ${n1(pages.floor.kb)} KB (${pages.floor.scripts} scripts); budget floor + ${b.JS_ALLOWANCE_KB} KB = ${n1(budget)} KB.`, '');
    lines.push('| page | JS gzip KB | scripts | ratio to floor | budget | result |', '|---|---:|---:|---:|---:|---|');
    for (const [page, js] of Object.entries(pages.js)) {
      const ok = js.kb <= budget;
      if (!ok) missed.push(`first-load JS of ${page}: ${n1(js.kb)} KB > ${n1(budget)} KB`);
      lines.push(`| ${page} | ${n1(js.kb)} | ${js.scripts} | ${(js.kb / pages.floor.kb).toFixed(2)} | ≤ ${n1(budget)} | ${verdict(ok)} |`);
    }
    const { floor: pageFloor, pages: served } = pages.throughput;
    lines.push(
      '',
      `Throughput of the cached pages at ${options.connections} connections, beside the constant handler (${n0(pageFloor.before)} req/s before them, ${n0(pageFloor.after)} after; the floor is their mean, ${n0(pageFloor.rps)}).`,
      '',
      '| page | req/s | ratio to floor | p50 ms | p99 ms | errors | budget | result |',
      '|---|---:|---:|---:|---:|---:|---|---|',
    );
    for (const [page, f] of Object.entries(served)) {
      const ok = b.pagePasses(f, pageFloor);
      if (!ok) missed.push(`throughput of ${page}: ${n0(f.rps)} req/s (${(f.rps / pageFloor.rps).toFixed(2)} of floor), ${f.errors} errors`);
      lines.push(`| ${page} | ${n0(f.rps)} | ${(f.rps / pageFloor.rps).toFixed(2)} | ${f.p50} | ${f.p99} | ${f.errors}${f.kinds ? ` (${f.kinds})` : ''} | ≥ ${b.MIN_PAGE_RATIO} × floor | ${verdict(ok)} |`);
    }
    lines.push(
      '',
      `Lighthouse mobile, each page interleaved with the floor page for ${options.lighthouseRounds} rounds (scores of every run in order).`,
      '',
      '| page | score (median) | floor score (median) | page runs | floor runs | TBT ms (median) | floor TBT ms | CLS (worst) | budget | result |',
      '|---|---:|---:|---|---|---:|---:|---:|---|---|',
    );
    for (const [page, lh] of Object.entries(pages.lighthouse)) {
      const ok = b.lighthousePasses(lh) && options.lighthouseRounds >= b.MIN_LIGHTHOUSE_ROUNDS;
      if (!ok) missed.push(`Lighthouse on ${page}: score ${lh.page.score} beside the floor's ${lh.floor.score}, TBT ${n0(lh.page.tbt)} ms beside ${n0(lh.floor.tbt)}, CLS ${lh.page.cls.toFixed(3)}, ${options.lighthouseRounds} rounds`);
      lines.push(
        `| ${page} | ${lh.page.score} | ${lh.floor.score} | ${lh.page.scores.join(', ')} | ${lh.floor.scores.join(', ')} | ${n0(lh.page.tbt)} | ${n0(lh.floor.tbt)} | ${lh.page.cls.toFixed(3)} | ≥ floor − ${b.LIGHTHOUSE_POINTS_BELOW_FLOOR}, TBT ≤ ${b.MAX_TBT_RATIO} × floor, CLS ≤ ${b.MAX_CLS}, ≥ ${b.MIN_LIGHTHOUSE_ROUNDS} rounds | ${verdict(ok)} |`,
      );
    }
    lines.push('');
  }

  for (const { name, api, rss } of databases) {
    const floor = api.floor;
    lines.push(`## API on ${name}`, '');
    if (floor.runs) {
      lines.push(
        `The constant handler ran before the list, between the list and the autosave, and after the autosave (${floor.runs.map(n0).join(', ')} req/s). Each budgeted route is set beside the mean of the runs just before and just after it (the list ${n0(api.floorBeside.list.rps)}, the autosave ${n0(api.floorBeside.autosave.rps)}); the other routes, and the floor's row, beside the mean of all three.`,
        '',
      );
    }
    lines.push(`| figure | req/s | ratio to floor | p50 ms | p99 ms | requests | errors | p99 ms at ${b.QUIET_CONNECTIONS} connections | budget | result |`, '|---|---:|---:|---:|---:|---:|---:|---:|---|---|');
    for (const [key, label] of Object.entries(API_NAMES)) {
      const f = api[key];
      const quiet = api[QUIET[key]];
      // A budgeted route beside the floor measured just before and just after it; the rest beside the mean of every floor run.
      const beside = api.floorBeside?.[key] ?? floor;
      let budget = '—';
      let result = '—';
      if (BUDGETED.has(key)) {
        const ok = b.apiPasses(f, beside, quiet, name);
        if (!ok) missed.push(`${label} on ${name}: ${n0(f.rps)} req/s (${(f.rps / beside.rps).toFixed(2)} of its floor, ${n0(beside.rps)}), ${f.errors} errors; p99 at ${b.QUIET_CONNECTIONS} connections ${quiet.p99} ms, ${quiet.errors} errors`);
        budget = `≥ ${b.MIN_API_RATIO[name]} × floor, p99 ≤ ${b.MAX_QUIET_P99_MS} ms at ${b.QUIET_CONNECTIONS} connections, no error`;
        result = verdict(ok);
      }
      lines.push(`| ${label} | ${n0(f.rps)} | ${(f.rps / beside.rps).toFixed(2)} | ${f.p50} | ${f.p99} | ${n0(f.total)} | ${f.errors}${f.kinds ? ` (${f.kinds})` : ''} | ${quiet ? `${quiet.p99}${quiet.errors ? ` (${quiet.errors} errors)` : ''}` : '—'} | ${budget} | ${result} |`);
    }
    lines.push(
      '',
      `The p99 at ${options.connections} connections is reported, not budgeted: with ${options.connections} requests always waiting, the mean latency is ${options.connections} ÷ throughput (Little's law), so it measures the queue (the constant floor's own p99 here: ${floor.p99} ms).`,
    );
    const ok = rss.after < b.MAX_RSS_MB[name];
    if (!ok) missed.push(`server memory on ${name}: ${n0(rss.after)} MB`);
    const m = api.mixed;
    lines.push(
      '',
      `Mixed load (GET /requests, autosave, GET /notifications, GET /requests/{id}) for ${options.memoryDuration} s: ${n0(m.rps)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.errors} errors${m.kinds ? ` (${m.kinds})` : ''} of ${n0(m.total)}.`,
      '',
      '| figure | value | budget | result |', '|---|---:|---|---|',
      `| server RSS after start | ${n0(rss.idle)} MB | — | — |`,
      `| server RSS after the load | ${n0(rss.after)} MB | < ${b.MAX_RSS_MB[name]} MB | ${verdict(ok)} |`,
      '',
    );
  }

  lines.push('## Budgets missed', '', ...(missed.length ? missed.map((m) => `- ${m}`) : ['None.']), '');
  // What was measured and tried for a miss outlives one run: it is kept by hand beside this file.
  if (missed.length) lines.push('Where these come from, and what was tried: [history/PERFORMANCE-FINDINGS.md](history/PERFORMANCE-FINDINGS.md).', '');
  return { markdown: lines.join('\n'), missed };
}

/** The headings of the sections written by hand from other commands: `npm run load -- --opening-minute` and `--opening-day`. */
export const KEPT_HEADINGS = ['## The opening minute', '## Opening day'];

/**
 * What the bench keeps of the PERFORMANCE.md it replaces: each section of
 * KEPT_HEADINGS (their own commands, run by hand), from its heading to the
 * next `## ` heading or the end, in the order they had; '' when there is none.
 */
export function keptSection(previous) {
  const lines = (previous ?? '').split('\n');
  const kept = [];
  for (const [start, line] of lines.entries()) {
    if (!KEPT_HEADINGS.some((heading) => line.trim() === heading || line.startsWith(`${heading} `))) continue;
    const end = lines.findIndex((other, i) => i > start && other.startsWith('## '));
    kept.push(`${lines.slice(start, end < 0 ? undefined : end).join('\n').trimEnd()}\n`);
  }
  return kept.join('\n');
}
