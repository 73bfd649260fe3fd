import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';

/**
 * An opening of `service` whose queue is open now and whose sending opens in an hour (docs/OPENING.md), made
 * straight in the database: the walks of the whole API need a queue to join. Umrah by default, which their
 * fixtures never send (a send of it would need a turn). Idempotent.
 */
export async function queueOpen(service: 'hajj' | 'umrah' = 'umrah'): Promise<{ service: string }> {
  const db = await getDb();
  await db.execute(sql`
    insert into openings (type_id, opens_at, admit_per_minute, queue_opens_minutes_before, rate_since)
    values (${service}, now() + interval '1 hour', 60, 120, now() + interval '1 hour')
    on conflict (type_id) do nothing`);
  return { service };
}
