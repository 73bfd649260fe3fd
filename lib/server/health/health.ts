import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { describeError, logger } from '@/lib/server/log/logger';

/** How long `select 1` may take before the database counts as unavailable. */
export const HEALTH_TIMEOUT_MS = 2000;

const NO_STORE = { 'Cache-Control': 'no-store' };

/** `select 1` on the process's database (opened on first use, as for any request). */
export async function pingDatabase() {
  const db = await getDb();
  await db.execute(sql`select 1`);
}

/**
 * 200 {"data":{"status":"ok","database":"ok"}} when the ping answers in time;
 * 503 with database "unavailable" otherwise. The cause goes to the log only.
 */
export async function healthResponse(ping: () => Promise<unknown> = pingDatabase, timeoutMs = HEALTH_TIMEOUT_MS): Promise<Response> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`select 1 took longer than ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([ping(), timeout]);
    return Response.json({ data: { status: 'ok', database: 'ok' } }, { headers: NO_STORE });
  } catch (error) {
    logger.warn('health check failed', { error: describeError(error) });
    return Response.json({ data: { status: 'unavailable', database: 'unavailable' } }, { status: 503, headers: NO_STORE });
  } finally {
    clearTimeout(timer);
  }
}
