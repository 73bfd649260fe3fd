import { describe, expect, it } from 'vitest';
import { Client } from 'pg';
import { withTestDatabase } from '@/test/database';
import { captureLogs } from '@/test/logs';
import { healthResponse } from '@/lib/server/health/health';
import { GET } from './route';

withTestDatabase();
const logs = captureLogs();

describe('GET /api/health', () => {
  it('answers 200 ok when the database answers select 1, never cached', async () => {
    const response = await GET();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ data: { status: 'ok', database: 'ok' } });
  });

  it('answers 503 unavailable, without internals, when the database client is closed', async () => {
    const closed = new Client({ connectionString: 'postgres://portal@127.0.0.1:1/portal' });
    await closed.end();
    const response = await healthResponse(() => closed.query('select 1'));
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ data: { status: 'unavailable', database: 'unavailable' } });
    expect(logs.entries()).toEqual([expect.objectContaining({ level: 'warn', msg: 'health check failed' })]);
  });

  it('answers 503 when select 1 does not answer in time (an unreachable server)', async () => {
    const started = Date.now();
    const response = await healthResponse(() => new Promise(() => {}), 200);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ data: { status: 'unavailable', database: 'unavailable' } });
  });

  it('answers 503 when PostgreSQL refuses the connection', async () => {
    // Port 1 on this host: nothing listens, the connection is refused at once.
    const client = new Client({ connectionString: 'postgres://portal@127.0.0.1:1/portal', connectionTimeoutMillis: 1000 });
    const response = await healthResponse(async () => {
      await client.connect();
      await client.query('select 1');
    });
    expect(response.status).toBe(503);
    const text = await response.text();
    expect(text).not.toContain('127.0.0.1');
    expect(text).not.toContain('ECONNREFUSED');
  });
});
