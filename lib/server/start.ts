import 'server-only';
import { database } from './db/client';
import { env } from './env';

/** A bad environment stops the start with a clear message; the database is migrated before the first request. */
export async function startServer() {
  try {
    env();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const { kind } = await database();
  console.log(JSON.stringify({ level: 'info', msg: 'database ready', kind }));
}
