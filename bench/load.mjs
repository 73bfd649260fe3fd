// The API scenarios, run with autocannon at 50 connections.
import autocannon from 'autocannon';
import { person } from '../scripts/demo-requests.mjs';

export const CONNECTIONS = 50;
/** Drafts for the autosave at 4 connections (each connection holds one at a time). */
export const QUIET_DRAFTS = 12;

/** The routes measured one by one, and a mix of them for the memory phase. */
export function scenarios(fixtures) {
  const headers = { authorization: `Bearer ${fixtures.token}`, accept: 'application/json', 'accept-language': 'en' };
  const json = { ...headers, 'content-type': 'application/json' };
  // A draft is lent to one connection for one PATCH and comes back with its new
  // version, so every save sends the current version: real saves, not 409s.
  // Each phase has drafts of its own (a PATCH still in flight when a phase ends
  // never comes back) and half again as many as connections, for timeouts.
  const autosaveFrom = (drafts) => {
    const pool = [...drafts];
    let spare = 0;
    return {
      method: 'PATCH',
      setupRequest(request, context) {
        // An empty pool (timeouts) shares a draft: its stale version shows as a 409 error.
        const draft = pool.shift() ?? drafts[spare++ % drafts.length];
        context.draft = draft;
        const body = { step: 'applicant', data: person({ mobile: `+9665${String(draft.version).padStart(8, '0')}` }), version: draft.version, complete: false };
        return { ...request, path: `/api/v1/requests/${draft.id}`, headers: json, body: JSON.stringify(body) };
      },
      onResponse(status, body, context) {
        const { draft } = context;
        // 200 answers the saved request; a 409 answers the newer one (and counts as an error).
        const version = JSON.parse(body)?.data?.version;
        if (typeof version === 'number') draft.version = version;
        if (!pool.includes(draft)) pool.push(draft);
      },
    };
  };
  // A third of the drafts for each phase that saves at 50 connections (the warm-up, the
  // autosave and the mix); the quiet autosave at 4 connections has the last QUIET_DRAFTS.
  const third = Math.floor((fixtures.drafts.length - QUIET_DRAFTS) / 3);
  const draftsOf = (phase) => fixtures.drafts.slice(phase * third, (phase + 1) * third);
  // Each sign-in as the next pilgrim, from that pilgrim's own address (see fixtures.mjs).
  const signIn = (pilgrims) => {
    let next = 0;
    return {
      method: 'POST',
      path: '/api/v1/auth/login',
      setupRequest(request) {
        const pilgrim = pilgrims[next++ % pilgrims.length];
        return { ...request, headers: { ...json, 'x-forwarded-for': pilgrim.address }, body: JSON.stringify({ email: pilgrim.email, password: pilgrim.password }) };
      },
    };
  };
  const floor = { method: 'GET', path: '/api/build' };
  const list = { method: 'GET', path: '/api/v1/requests', headers };
  const notifications = { method: 'GET', path: '/api/v1/notifications', headers };
  const detail = { method: 'GET', path: `/api/v1/requests/${fixtures.sent[0].id}`, headers };
  return {
    // Every measured route once through the optimizing compiler before any is measured,
    // the floor included: a cold floor would flatter every ratio to it.
    warmup: [floor, list, autosaveFrom(draftsOf(0)), notifications],
    floor: [floor],
    list: [list],
    autosave: [autosaveFrom(draftsOf(1))],
    quietList: [list],
    quietAutosave: [autosaveFrom(fixtures.drafts.slice(-QUIET_DRAFTS))],
    notifications: [notifications],
    login: [signIn(fixtures.pilgrims)],
    mixed: [list, autosaveFrom(draftsOf(2)), notifications, detail],
  };
}

/** Runs one scenario for `duration` seconds; errors count failed connections, timeouts and non-2xx answers. */
export async function run(base, requests, duration, connections = CONNECTIONS) {
  const result = await autocannon({ url: base, connections, duration, requests });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    errors: result.errors + result.non2xx,
    // What the errors were: timeouts and each non-2xx status.
    kinds: [
      ...(result.timeouts ? [`${result.timeouts} timeouts`] : []),
      ...Object.entries(result.statusCodeStats ?? {}).filter(([code]) => !code.startsWith('2')).map(([code, { count }]) => `${count} × ${code}`),
    ].join(', '),
  };
}

/** Several runs of the constant handler as one floor: their mean throughput, each run's, and the worst p99. */
export function floorOf(runs) {
  return { rps: runs.reduce((sum, r) => sum + r.rps, 0) / runs.length, runs: runs.map((r) => r.rps), p50: Math.max(...runs.map((r) => r.p50)), p99: Math.max(...runs.map((r) => r.p99)), total: runs.reduce((sum, r) => sum + r.total, 0), errors: runs.reduce((sum, r) => sum + r.errors, 0), kinds: runs.map((r) => r.kinds).filter(Boolean).join(', ') };
}

/**
 * Waits until the server has finished what an earlier phase left it (the
 * sign-in phase leaves scrypt work queued after its connections close): five
 * constant answers in a row, each in under 20 ms, or 20 s at most. The phases
 * at few connections measure the app's latency, not the last phase's queue.
 */
export async function settle(base) {
  const until = Date.now() + 20_000;
  let quick = 0;
  while (quick < 5 && Date.now() < until) {
    const started = performance.now();
    await fetch(new URL('/api/build', base));
    quick = performance.now() - started < 20 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
