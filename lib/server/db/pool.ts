import pg from 'pg';

// Two waits that node-postgres would otherwise share (`connectionTimeoutMillis`
// is both the time a new connection may take to open and the time a query
// waits for a free connection). They mean different things:
// - a connection that does not open in CONNECT_TIMEOUT_MS means the database
//   is down or unreachable: the request fails fast (503, Retry-After);
// - every connection busy means the database is up and the app is busy (the
//   day a season opens: 300 pilgrims send at once on 10 connections, and the
//   winners' row locks order them): the request waits its turn, up to
//   POOL_WAIT_MS, instead of being told 503 for a wait of a few seconds.

/** How long a query waits for a free connection of the pool while all are busy. */
export const POOL_WAIT_MS = 30_000;
/** How long opening a connection may take before the database is called unavailable. */
export const CONNECT_TIMEOUT_MS = 5_000;

export type PoolTimeouts = { max?: number; poolWaitMs?: number; connectTimeoutMs?: number };

export function postgresPool(url: string, { max = 10, poolWaitMs = POOL_WAIT_MS, connectTimeoutMs = CONNECT_TIMEOUT_MS }: PoolTimeouts = {}): pg.Pool {
  // The pool hands its own options to each client; the client's connect timer, the shorter, decides for a new connection.
  class Client extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: connectTimeoutMs });
    }
  }
  return new pg.Pool({
    connectionString: url,
    max,
    Client,
    connectionTimeoutMillis: poolWaitMs,
    // A statement slower than this is cancelled by the server (57014, answered 503)…
    statement_timeout: 15_000,
    // …and a connection that went silent (no RST, e.g. a dead network path) is given up on the client.
    query_timeout: 20_000,
    keepAlive: true,
  });
}
