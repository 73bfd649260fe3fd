import 'server-only';
import { sql } from 'drizzle-orm';
import { requests, reserveList } from '@/lib/server/db/schema';

/**
 * A request's place on its package's reserve list (1 = next to be offered), as
 * a column of a select over requests; null when it is not on a list. Counted,
 * not stored: when one ahead leaves or is offered places, the others close up.
 * Counted only for a reserved request: the list's other rows cost nothing.
 */
export const reservePosition = sql<number | null>`case when ${requests}.status = 'reserved' then (select nullif(count(*), 0)::int from ${reserveList} w join ${reserveList} mine on w.type_id = mine.type_id and w.package = mine.package and w.seq <= mine.seq where mine.request_id = ${requests}.id) end`;
