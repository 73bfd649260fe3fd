import 'server-only';
import type { Db } from './client';

/**
 * A statement built once per database instead of on every call: drizzle skips
 * rebuilding its SQL, and on PostgreSQL the named statement is parsed and
 * planned once per connection. For the queries every request makes (the
 * session, the requests list, the autosave); the bench showed query building
 * to be a large share of their CPU time.
 */
export function preparedPer<T>(build: (db: Db) => T): (db: Db) => T {
  // Keyed by the database: tests open several, each with its own statements.
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let statement = cache.get(db);
    if (!statement) {
      statement = build(db);
      cache.set(db, statement);
    }
    return statement;
  };
}
