// `npm run load -- --opening-minute`: the minute a season opens through its queue (docs/OPENING.md, issue 59,
// item 10). Two `next start` instances on one PostgreSQL database and Redis; `arrivals` pilgrims, each with a
// complete draft, arrive spread over 60 seconds, the first half before opens_at (the queue opens a minute before
// it); each joins the queue on either instance, polls as the queue page does (after poll_after_s), and once
// admitted sends and presses "Pay". Places are fewer than arrivals (a quarter), so the queue also ends sold out.
// Reported: the join's and the queue read's p99 beside the health check's at the same rate, admissions per minute
// beside the setting, 5xx, places held beside places, and fairness (the rank correlation between arrival and
// admission among the early arrivals).
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { apiClient, application } from './demo-requests.mjs';
import { adminCookie, summarise, timed, verificationTokens } from './opening-day.mjs';
import { serverEnv } from './server-node-options.mjs';

const root = path.resolve(import.meta.dirname, '..');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The rank of the first later arrival (lib/server/openings/queue-store.ts: LATE_RANK).
const LATE_RANK = 1e12;

/** Pairs [order, time] where a later order has a strictly earlier time. */
export function inversions(pairs) {
  const sorted = [...pairs].sort((a, b) => a[0] - b[0]);
  let count = 0;
  for (let i = 0; i < sorted.length; i++) for (let j = i + 1; j < sorted.length; j++) if (sorted[j][1] < sorted[i][1]) count += 1;
  return count;
}

/** Spearman's rank correlation of two equal-length lists of distinct numbers. */
export function rankCorrelation(a, b) {
  const ranks = (values) => {
    const order = values.map((value, i) => [value, i]).sort((x, y) => x[0] - y[0]);
    const out = new Array(values.length);
    order.forEach(([, i], rank) => (out[i] = rank + 1));
    return out;
  };
  const ra = ranks(a);
  const rb = ranks(b);
  const n = a.length;
  if (n < 2) return 0;
  const d2 = ra.reduce((sum, r, i) => sum + (r - rb[i]) ** 2, 0);
  return 1 - (6 * d2) / (n * (n * n - 1));
}

async function startInstances(port, redisUrl) {
  const tag = `minute_${Date.now().toString(36)}`;
  const opsKey = randomBytes(24).toString('hex');
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database portal_${tag}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/portal_${tag}`;
  const databaseUrl = url.toString();
  const dataDir = path.join(root, '.data', tag);
  mkdirSync(dataDir, { recursive: true });
  const start = (p) =>
    spawn(process.execPath, [...(process.env.LOAD_SERVER_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.LOAD_SERVER_PROFILE_DIR}`] : []), path.join(root, 'scripts', 'server.mjs'), '-p', String(p)], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', ...serverEnv({ ...process.env, DATABASE_URL: databaseUrl }), DATA_DIR: dataDir, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000', PORT: String(p), OPS_API_KEY: opsKey },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  // One first (it migrates the database), then the second.
  const children = [];
  const origins = [];
  const dropDatabase = async () => {
    const cleanup = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await cleanup.connect();
    await cleanup.query(`drop database if exists portal_${tag} with (force)`);
    await cleanup.end();
  };
  for (const p of [port, port + 1]) {
    const child = start(p);
    children.push(child);
    const origin = `http://127.0.0.1:${p}`;
    origins.push(origin);
    for (let waited = 0; ; waited += 300) {
      if (child.exitCode !== null) {
        for (const started of children) started.kill('SIGKILL');
        await dropDatabase();
        throw new Error('an instance exited at start');
      }
      if (await fetch(`${origin}/api/v1/request-types`).then((r) => r.ok, () => false)) break;
      if (waited > 120_000) throw new Error('an instance did not start');
      await sleep(300);
    }
  }
  return {
    origins,
    opsKey,
    dataDir,
    databaseUrl,
    async stop(read) {
      const figures = read ? await read(databaseUrl) : undefined;
      for (const child of children) child.kill('SIGTERM');
      await sleep(2000);
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
      return figures;
    },
  };
}

/**
 * `count` more pilgrims like `template` (an account with its address confirmed and a complete draft with its
 * documents), made in the database in a few statements: each an account and a session of its own (a token whose
 * SHA-256 is stored, as sign-in stores it), and a copy of the draft with its own passport number (one passport is on
 * one live request) and the same documents' rows. Answers them as the run reads them: `{ token, index, id, userId }`.
 */
export async function seedPilgrims(databaseUrl, template, count, stamp) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
    const hashes = tokens.map((token) => createHash('sha256').update(token).digest('hex'));
    await client.query('begin');
    const made = await client.query(
      `with template as (select * from users where lower(email) = lower($1)),
       numbered as (select n from generate_series(1, $3::int) as n),
       made as (
         insert into users (name, email, email_verified_at, locale, password_hash, has_password)
         select t.name, 'minute.' || $4 || '.' || n || '@example.com', now(), t.locale, t.password_hash, true from template t, numbered
         returning id, email
       ), numbered_made as (
         select id, split_part(split_part(email, '@', 1), '.', 3)::int as n from made
       ), signed_in as (
         insert into sessions (user_id, token_hash) select m.id, ($2::text[])[m.n] from numbered_made m
         returning user_id
       ), drafts as (
         insert into requests (user_id, type_id, status, data, step, completed_steps, version, pilgrims)
         select m.id, r.type_id, r.status,
           jsonb_set(r.data, '{applicant,passport_number}', to_jsonb('Q' || lpad(m.n::text, 8, '0'))),
           r.step, r.completed_steps, r.version, r.pilgrims
         from numbered_made m, requests r where r.id = $5
         returning id, user_id
       )
       select m.n, m.id as user_id, d.id as request_id from numbered_made m join drafts d on d.user_id = m.id order by m.n`,
      [template.email, hashes, count, stamp, template.id],
    );
    await client.query(
      `insert into documents (request_id, pilgrim, kind, file_name, mime, size, storage_key)
       select d.id, t.pilgrim, t.kind, t.file_name, t.mime, t.size, t.storage_key
       from documents t, unnest($2::uuid[]) as d(id) where t.request_id = $1`,
      [template.id, made.rows.map((row) => row.request_id)],
    );
    await client.query('commit');
    return made.rows.map((row) => ({ token: tokens[row.n - 1], index: row.n, id: row.request_id, userId: row.user_id }));
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

/** Every place of the service's queue in Redis (redis-queue.ts: `op:<service>:places`), account → { joined, admitted }. */
async function serverOrder(redisUrl, typeId) {
  const { default: Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true });
  await redis.connect();
  try {
    const places = await redis.hgetall(`op:${typeId}:places`);
    return new Map(Object.entries(places).map(([user, json]) => [user, JSON.parse(json)]));
  } finally {
    redis.disconnect();
  }
}

async function readHeld(databaseUrl, typeId, pkg) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const [row] = (await client.query(`select places, held from package_places where type_id = $1 and package = $2`, [typeId, pkg])).rows;
  const [audit] = (await client.query(`select count(*)::int as n from audit_log where action = 'opening.draw'`)).rows;
  await client.end();
  return { places: row?.places ?? null, held: row?.held ?? 0, draws: audit.n };
}

/** The whole minute; answers the figures and the budget's verdict. */
export async function openingMinute({ arrivals, places, rate, port, redisUrl }) {
  const typeId = 'hajj';
  const pkg = 'standard';
  const instances = await startInstances(port, redisUrl);
  const [first] = instances.origins;
  const log = (text) => console.log(`opening minute: ${text}`);
  try {
    const call = apiClient(first);
    const office = await adminCookie(first, instances.opsKey);
    const only = await timed(first, 'PATCH', `/api/v1/office/catalogue/${typeId}`, { body: { packages: [pkg], places: { [pkg]: places } }, headers: office });
    if (only.status !== 200) throw new Error(`places: ${only.status} ${JSON.stringify(only.json)}`);

    log(`making ${arrivals} pilgrims, each with a complete draft (one pilgrim, ${pkg})…`);
    const prepared = performance.now();
    const stamp = Date.now().toString(36);
    // One pilgrim as a person makes it (registered, address confirmed, the draft's steps and documents through the
    // API); the others are copies of it made in the database (seedPilgrims), each with an account, a session and a
    // draft of their own, and a passport of their own: making 10,000 through the API takes longer than the run.
    const email = `minute.${stamp}.0@example.com`;
    const { token } = await call('POST', '/auth/register', { body: { name: 'Opening Minute Pilgrim', email, password: 'Labbaik#2026', password_confirmation: 'Labbaik#2026' } });
    const verification = await verificationTokens(path.join(instances.dataDir, 'mail'), [email], 60_000);
    await call('POST', '/auth/verify-email', { body: { token: verification.get(email) } });
    const template = { email, token, index: 0, id: (await application(call, token, typeId, { companions: [], ready: true })).id };
    const pilgrims = [template, ...(await seedPilgrims(instances.databaseUrl, template, arrivals - 1, stamp))];
    log(`ready in ${Math.round((performance.now() - prepared) / 1000)} s.`);

    // The opening: opens_at 30 s after the first arrival; the queue opens a minute before it.
    const begin = Date.now() + 40_000;
    const opensAt = new Date(begin + 30_000);
    const set = await timed(first, 'PATCH', `/api/v1/office/catalogue/${typeId}`, {
      body: { opening: { opens_at: opensAt.toISOString(), admit_per_minute: rate, queue_opens_minutes_before: 1, send_window_minutes: 5 } },
      headers: office,
    });
    if (set.status !== 200) throw new Error(`opening: ${set.status} ${JSON.stringify(set.json)}`);
    log(`opens at ${opensAt.toISOString()}, ${rate} a minute; ${arrivals} arrivals over 60 s from ${new Date(begin).toISOString()}…`);
    await sleep(begin - Date.now());

    const joins = [];
    const reads = [];
    const health = [];
    const sends = [];
    const pays = [];
    const admittedAt = new Map();
    const arrivedAt = new Map();
    const stopAt = begin + 60_000 + 5 * 60_000;
    const journey = async (pilgrim) => {
      const at = begin + (pilgrim.index * 60_000) / arrivals;
      await sleep(Math.max(0, at - Date.now()));
      arrivedAt.set(pilgrim.index, Date.now());
      const origin = instances.origins[pilgrim.index % 2];
      const route = `/api/v1/openings/${typeId}/queue`;
      const joined = await timed(origin, 'POST', route, { token: pilgrim.token, body: {} });
      joins.push(joined);
      let place = joined.json?.data;
      while (place && place.state === 'waiting' && Date.now() < stopAt) {
        await sleep((place.poll_after_s ?? 5) * 1000);
        const read = await timed(origin, 'GET', route, { token: pilgrim.token });
        reads.push(read);
        if (read.status === 200) place = read.json.data;
      }
      if (place?.state !== 'admitted') return;
      admittedAt.set(pilgrim.index, Date.now());
      const sent = await timed(origin, 'POST', `/api/v1/requests/${pilgrim.id}/submit`, { token: pilgrim.token, body: {} });
      sends.push(sent);
      if (sent.status === 200) pays.push(await timed(origin, 'POST', `/api/v1/requests/${pilgrim.id}/payments`, { token: pilgrim.token, body: {} }));
    };
    // The floor at the same rate: a health check beside each arrival's join, on the same instances.
    const floor = (async () => {
      for (let i = 0; i < arrivals; i++) {
        const at = begin + (i * 60_000) / arrivals + 5;
        await sleep(Math.max(0, at - Date.now()));
        health.push(timed(instances.origins[i % 2], 'GET', '/api/health'));
      }
    })();
    await Promise.all([...pilgrims.map(journey), floor]);
    const healthAnswers = await Promise.all(health);

    // Fairness is about the server's order, not when each client saw its turn (after its own poll_after_s): read from
    // the queue's store, each place's time of joining and of admission as the server recorded them.
    const order = await serverOrder(redisUrl, typeId);
    // The server's order of arrival is each place's `seq` (the store's counter when the join reached it); the draw gave
    // the early arrivals their rank below LATE_RANK (queue-store.ts), the later ones rank LATE_RANK + seq.
    const admittedPlaces = [...order.values()].filter((place) => place.admitted);
    const early = admittedPlaces.filter((place) => place.rank < LATE_RANK);
    const late = admittedPlaces.filter((place) => place.rank >= LATE_RANK);
    const rho = rankCorrelation(early.map((place) => place.seq), early.map((place) => place.admitted));
    // After opens_at, first come first served: no later arrival admitted before one who reached the queue before it
    // (admitted in the same tick counts as in order).
    const lateInversions = inversions(late.map((place) => [place.seq, place.admitted]));
    const admissions = admittedPlaces.map((place) => place.admitted).sort((a, b) => a - b);
    // Admissions a minute over the first full minute of admission (or what there was of it).
    const firstMinute = admissions.filter((t) => t - opensAt.getTime() <= 60_000).length;
    const db = await instances.stop((url) => readHeld(url, typeId, pkg));
    const join = summarise(joins);
    const read = summarise(reads);
    const floorFigures = summarise(healthAnswers);
    const steps = { join, read, send: summarise(sends), pay: summarise(pays), health: floorFigures };
    const serverErrors = Object.values(steps).reduce((n, s) => n + s.serverErrors, 0);
    // Which step answered 5xx, and what (503 service_unavailable: the pool's wait; 500: a fault; 502/504 or 0: the socket).
    const serverErrorsByStep = Object.fromEntries(
      Object.entries(steps)
        .filter(([, figures]) => figures.serverErrors > 0)
        .map(([step, figures]) => [step, Object.entries(figures.codes).filter(([code]) => Number(code.split(' ')[0]) >= 500).map(([code, n]) => `${n} × ${code}`).join(', ')]),
    );
    const result = {
      arrivals,
      places,
      rate,
      join,
      read,
      health: floorFigures,
      send: summarise(sends),
      pay: summarise(pays),
      admitted: admissions.length,
      admissionsFirstMinute: firstMinute,
      rho,
      lateInversions,
      earlyAdmitted: early.length,
      lateAdmitted: late.length,
      seenAdmitted: admittedAt.size,
      serverErrors,
      serverErrorsByStep,
      db,
      readP99Ratio: read.p99 && floorFigures.p99 ? read.p99 / floorFigures.p99 : null,
      joinP99Ratio: join.p99 && floorFigures.p99 ? join.p99 / floorFigures.p99 : null,
    };
    const expected = Math.min(rate, arrivals);
    result.pass =
      serverErrors === 0 &&
      db.held <= places &&
      result.joinP99Ratio !== null &&
      result.joinP99Ratio <= 1.5 &&
      result.readP99Ratio !== null &&
      result.readP99Ratio <= 1.5 &&
      Math.abs(firstMinute - expected) <= 0.1 * expected &&
      Math.abs(rho) <= 0.1;
    return result;
  } catch (error) {
    await instances.stop();
    throw error;
  }
}

export function openingMinuteTable(r) {
  const ms = (v) => (v === null ? '–' : `${v} ms`);
  return [
    '| figure | value | budget |',
    '|---|---|---|',
    `| arrivals over 60 s (half before opens_at) | ${r.arrivals} on 2 instances | 10,000 the goal |`,
    `| join p99 / health p99 at the same rate | ${ms(r.join.p99)} / ${ms(r.health.p99)} = ${r.joinP99Ratio?.toFixed(2) ?? '–'} × | ≤ 1.5 × |`,
    `| queue read p99 / health p99 | ${ms(r.read.p99)} / ${ms(r.health.p99)} = ${r.readP99Ratio?.toFixed(2) ?? '–'} × (${r.read.count} reads) | ≤ 1.5 × |`,
    `| admitted in the first minute / the setting | ${r.admissionsFirstMinute} / ${r.rate} a minute | within 10 % |`,
    `| 5xx | ${r.serverErrors} (${Object.entries(r.serverErrorsByStep).map(([step, codes]) => `${step}: ${codes}`).join('; ') || 'none'}) | 0 |`,
    `| places held / places | ${r.db.held} / ${r.places} | never more |`,
    `| fairness: ρ(arrival, admission) of the ${r.earlyAdmitted} early arrivals admitted, in the server's order | ${r.rho.toFixed(3)} | |ρ| ≤ 0.1 |`,
    `| first come first served after opens_at: later arrivals admitted before one who came before them, of ${r.lateAdmitted} | ${r.lateInversions} pairs | 0 |`,
    `| send p99 (${r.send.count}), "Pay" p99 (${r.pay.count}) | ${ms(r.send.p99)}, ${ms(r.pay.p99)} | |`,
    `| draws recorded | ${r.db.draws} | 1 |`,
  ].join('\n');
}

