// The API scenarios, run with autocannon at 50 connections.
import autocannon from 'autocannon';
import { person } from '../scripts/demo-requests.mjs';

export const CONNECTIONS = 50;

/** The routes measured one by one, and a mix of them for the memory phase. */
export function scenarios(fixtures) {
  const headers = { authorization: `Bearer ${fixtures.token}`, accept: 'application/json', 'accept-language': 'en' };
  const json = { ...headers, 'content-type': 'application/json' };
  // A draft is lent to one connection for one PATCH and comes back with its new
  // version, so every save sends the current version: real saves, not 409s.
  const pool = [...fixtures.drafts];
  const autosave = {
    method: 'PATCH',
    setupRequest(request, context) {
      const draft = pool.shift();
      if (!draft) throw new Error('more autosaves in flight than drafts');
      context.draft = draft;
      const body = { step: 'applicant', data: person({ mobile: `+9665${String(draft.version).padStart(8, '0')}` }), version: draft.version, complete: false };
      return { ...request, path: `/api/v1/requests/${draft.id}`, headers: json, body: JSON.stringify(body) };
    },
    onResponse(status, body, context) {
      const { draft } = context;
      // 200 answers the saved request; a 409 answers the newer one (and counts as an error).
      const version = JSON.parse(body)?.data?.version;
      if (typeof version === 'number') draft.version = version;
      pool.push(draft);
    },
  };
  const list = { method: 'GET', path: '/api/v1/requests', headers };
  const notifications = { method: 'GET', path: '/api/v1/notifications', headers };
  const detail = { method: 'GET', path: `/api/v1/requests/${fixtures.sent[0].id}`, headers };
  return {
    floor: [{ method: 'GET', path: '/api/build' }],
    list: [list],
    autosave: [autosave],
    notifications: [notifications],
    login: [{ method: 'POST', path: '/api/v1/auth/login', headers: json, body: JSON.stringify({ email: fixtures.email, password: fixtures.password }) }],
    mixed: [list, autosave, notifications, detail],
  };
}

/** Runs one scenario for `duration` seconds; errors count failed connections, timeouts and non-2xx answers. */
export async function run(base, requests, duration) {
  const result = await autocannon({ url: base, connections: CONNECTIONS, duration, requests });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    errors: result.errors + result.non2xx,
  };
}
