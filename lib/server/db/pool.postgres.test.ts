import { createServer, type Server } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresPool } from './pool';
import { isDatabaseUnavailable } from './unavailable';

// PostgreSQL alone (the postgres project, DATABASE_URL): the pool's two waits, pool.ts.
const url = process.env.DATABASE_URL!;

describe('the PostgreSQL pool', () => {
  it('lets a query wait for a busy connection longer than a connection may take to open', async () => {
    // One connection, held for 1.2 s; a connection may take 0.3 s to open, a query may wait 5 s for one.
    const pool = postgresPool(url, { max: 1, poolWaitMs: 5_000, connectTimeoutMs: 300 });
    try {
      const busy = pool.query('select pg_sleep(1.2)');
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = Date.now();
      const { rows } = await pool.query('select 1 as one');
      expect(rows).toEqual([{ one: 1 }]);
      // It did wait its turn, well past the connect timeout, instead of failing.
      expect(Date.now() - started).toBeGreaterThan(600);
      await busy;
    } finally {
      await pool.end();
    }
  });

  describe('a database that accepts the connection and never answers', () => {
    let silent: Server;
    const sockets = new Set<import('node:net').Socket>();
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });

    it('is called unavailable after the connect timeout, not the pool wait', async () => {
      silent = createServer((socket) => sockets.add(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const { port } = silent.address() as { port: number };
      const pool = postgresPool(`postgres://postgres@127.0.0.1:${port}/test`, { max: 1, poolWaitMs: 10_000, connectTimeoutMs: 300 });
      const started = Date.now();
      const error = await pool.query('select 1').catch((failure: unknown) => failure);
      const waited = Date.now() - started;
      await pool.end().catch(() => undefined);
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(waited).toBeGreaterThanOrEqual(250);
      expect(waited).toBeLessThan(5_000);
    });
  });
});
