import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import { openingFromRaw } from './opening-row';
import { emptyCounts, LATE_RANK, PLACE_STATES, type PlaceState, type QueuePlace, type QueueStore } from './queue-store';

// The queue in the database (the embedded default, and PostgreSQL without REDIS_URL): opening_places, one row per
// account. Every step is one statement or one transaction holding the opening's row, so that any number of
// instances on one database share the queue and admit each place once.

type PlaceRow = { state: PlaceState; joined_at: Date | string; admitted_at: Date | string | null; send_by: Date | string | null; ahead: number | string | null; early: number | string };

async function rows<T>(db: Db, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

const date = (value: Date | string | null) => (value === null ? null : new Date(value));

function placeOf(row: PlaceRow | undefined): QueuePlace | null {
  if (!row || row.state === null) return null;
  const place: QueuePlace = {
    state: row.state,
    joinedAt: date(row.joined_at)!,
    admittedAt: date(row.admitted_at),
    sendBy: date(row.send_by),
    ahead: row.ahead === null ? null : Number(row.ahead),
  };
  return place;
}

// The opening, the place with how many wait before it, and how many wait for the draw: one statement.
const placeWithAhead = (typeId: string, userId: string) => sql`
  select o.*, p.state, p.joined_at, p.admitted_at, p.send_by,
    case when p.state = 'waiting' and p.rank is not null
      then (select count(*)::int from opening_places w where w.type_id = p.type_id and w.state = 'waiting' and w.rank < p.rank) end as ahead,
    (select count(*)::int from opening_places e where e.type_id = ${typeId} and e.state = 'waiting' and e.rank is null) as early
  from (select 1) one left join openings o on o.type_id = ${typeId} left join opening_places p on p.type_id = ${typeId} and p.user_id = ${userId}`;

export const databaseQueue: QueueStore = {
  kind: 'database',

  async join(key, userId, now, early) {
    const db = await getDb();
    // One place per account: a second join answers the same place; one that passed or left joins again (at the back, or
    // before the opening among those to be drawn).
    await db.execute(sql`
      with next as (select nextval(pg_get_serial_sequence('opening_places', 'seq')) as seq)
      insert into opening_places (type_id, user_id, state, seq, rank, joined_at)
      select ${key}, ${userId}, 'waiting', next.seq, ${early ? sql`null` : sql`${LATE_RANK} + next.seq`}, ${now} from next
      on conflict (type_id, user_id) do update set
        state = 'waiting', seq = excluded.seq, rank = ${early ? sql`null` : sql`${LATE_RANK} + excluded.seq`}, joined_at = excluded.joined_at,
        admitted_at = null, send_by = null, done_at = null
      where opening_places.state in ('passed', 'left')`);
    return this.read(key, userId);
  },

  async read(key, userId) {
    const db = await getDb();
    const [row] = await rows<PlaceRow & Record<string, unknown>>(db, placeWithAhead(key, userId));
    return { opening: openingFromRaw(row), place: placeOf(row), earlyCount: Number(row?.early ?? 0) };
  },

  async leave(key, userId, now) {
    const db = await getDb();
    const left = await rows<{ state: string }>(
      db,
      sql`update opening_places set state = 'left', done_at = ${now} where type_id = ${key} and user_id = ${userId} and state in ('waiting', 'admitted') returning state`,
    );
    return left.length > 0;
  },

  async draw(key, seed, order) {
    const db = await getDb();
    return db.transaction(async (tx) => {
      // The opening's row is the draw's lock: of two instances, the second finds it drawn.
      const [won] = await rows<{ type_id: string }>(tx, sql`update openings set drawn_at = now(), draw_seed = ${seed} where type_id = ${key} and drawn_at is null returning type_id`);
      if (!won) return null;
      const joined = (await rows<{ user_id: string }>(tx, sql`select user_id from opening_places where type_id = ${key} and state = 'waiting' and rank is null order by seq for update`)).map((row) => row.user_id);
      const drawn = order(joined);
      if (drawn.length > 0) {
        await tx.execute(sql`
          update opening_places p set rank = d.rank
          from unnest(${`{${drawn.join(',')}}`}::uuid[]) with ordinality as d(user_id, rank)
          where p.type_id = ${key} and p.user_id = d.user_id`);
      }
      return { entrants: joined };
    });
  },

  async admit(key, due, sendWindowMs, now) {
    const db = await getDb();
    return db.transaction(async (tx) => {
      const [opening] = await rows<{ admitted: number; lapsed: number }>(tx, sql`select admitted, lapsed from openings where type_id = ${key} for update`);
      if (!opening) return { admitted: [], lapsed: 0, waiting: 0 };
      // Someone else who joined early but whose join was written after the draw: behind the drawn, in order of arrival.
      await tx.execute(sql`update opening_places set rank = ${LATE_RANK} + seq where type_id = ${key} and state = 'waiting' and rank is null
        and exists (select 1 from openings where type_id = ${key} and drawn_at is not null)`);
      const lapsedNow = (
        await rows<{ user_id: string }>(tx, sql`update opening_places set state = 'passed', done_at = ${now} where type_id = ${key} and state = 'admitted' and send_by < ${now} returning user_id`)
      ).length;
      const lapsed = opening.lapsed + lapsedNow;
      let admittedCount = opening.admitted;
      let admitted: string[] = [];
      if (due !== null) {
        const room = Math.floor(due) + lapsed - admittedCount;
        if (room > 0) {
          admitted = (
            await rows<{ user_id: string }>(
              tx,
              sql`update opening_places p set state = 'admitted', admitted_at = ${now}, send_by = ${new Date(now.getTime() + sendWindowMs)}
                from (select user_id from opening_places where type_id = ${key} and state = 'waiting' and rank is not null order by rank limit ${room}) next
                where p.type_id = ${key} and p.user_id = next.user_id returning p.user_id`,
            )
          ).map((row) => row.user_id);
          admittedCount += admitted.length;
        }
      }
      const [left] = await rows<{ waiting: number }>(tx, sql`select count(*)::int as waiting from opening_places where type_id = ${key} and state = 'waiting'`);
      const waiting = Number(left?.waiting ?? 0);
      // Nobody left to admit: a turn unused now is not saved for a burst later.
      if (due !== null && waiting === 0) admittedCount = Math.max(admittedCount, Math.floor(due) + lapsed);
      await tx.execute(sql`update openings set admitted = ${admittedCount}, lapsed = ${lapsed} where type_id = ${key}`);
      return { admitted, lapsed: lapsedNow, waiting };
    });
  },

  async turn(key, userId, now, tx) {
    const db = tx ?? (await getDb());
    const [row] = await rows<PlaceRow>(
      db,
      sql`select state, joined_at, admitted_at, send_by, null as ahead, 0 as early from opening_places
        where type_id = ${key} and user_id = ${userId} and state in ('admitted', 'sent') and send_by >= ${now}`,
    );
    return placeOf(row);
  },

  async markSent(key, userId, now, tx) {
    const db = tx ?? (await getDb());
    await db.execute(sql`update opening_places set state = 'sent', done_at = ${now} where type_id = ${key} and user_id = ${userId} and state = 'admitted'`);
  },

  async end(key, now) {
    const db = await getDb();
    const told = await rows<{ user_id: string }>(db, sql`update opening_places set state = 'sold_out', done_at = ${now} where type_id = ${key} and state = 'waiting' returning user_id`);
    return told.map((row) => row.user_id);
  },

  async counts(key) {
    const db = await getDb();
    const counted = await rows<{ state: PlaceState; count: number }>(db, sql`select state, count(*)::int as count from opening_places where type_id = ${key} group by state`);
    const counts = emptyCounts();
    for (const row of counted) if ((PLACE_STATES as readonly string[]).includes(row.state)) counts[row.state] = Number(row.count);
    return counts;
  },
};
