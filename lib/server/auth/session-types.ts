import 'server-only';
import type { users } from '@/lib/server/db/schema';

/** A pilgrim's account as stored (the password hash included: never answered as it is, see publicUser). */
export type User = typeof users.$inferSelect;

/** A signed-in session and its account. */
export type Session = { id: string; user: User };
