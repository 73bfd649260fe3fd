import 'server-only';
import { database, type Database } from '@/lib/server/db/client';
import { EVENTS_CHANNEL, parseEvent, type PortalEvent } from './events';

/**
 * `lost`: the connection that listens died, so events are being missed;
 * `resync`: it is back, and events may have been missed meanwhile.
 */
export type HubEvent = PortalEvent | { k: 'lost' } | { k: 'resync' };
type Listener = (event: HubEvent) => void;

/**
 * One LISTEN per process and database, shared by every open stream of this
 * instance: an event published by any instance reaches the tabs connected here.
 */
class Hub {
  private readonly byUser = new Map<string, Set<Listener>>();
  private readonly everything = new Set<Listener>();
  readonly ready: Promise<unknown>;

  constructor(db: Database) {
    this.ready = db.listen(
      EVENTS_CHANNEL,
      (payload) => {
        const event = parseEvent(payload);
        if (event) this.dispatch(event);
      },
      () => this.broadcast({ k: 'resync' }),
      () => this.broadcast({ k: 'lost' }),
    );
  }

  async subscribe(userId: string | null, listener: Listener): Promise<() => void> {
    await this.ready;
    if (userId === null) {
      this.everything.add(listener);
      return () => this.everything.delete(listener);
    }
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.byUser.get(userId) === set) this.byUser.delete(userId);
    };
  }

  private dispatch(event: PortalEvent) {
    for (const listener of this.byUser.get(event.u) ?? []) listener(event);
    for (const listener of this.everything) listener(event);
  }

  private broadcast(event: { k: 'lost' } | { k: 'resync' }) {
    for (const set of this.byUser.values()) for (const listener of set) listener(event);
    for (const listener of this.everything) listener(event);
  }
}

const hubs = new WeakMap<Database, Hub>();

async function hub(): Promise<Hub> {
  const db = await database();
  let found = hubs.get(db);
  if (!found) {
    const created = new Hub(db);
    hubs.set(db, (found = created));
    // A LISTEN that could not start is tried again by the next subscriber.
    created.ready.catch(() => {
      if (hubs.get(db) === created) hubs.delete(db);
    });
  }
  return found;
}

/** Events for one user (null: for everyone, e.g. the push sender waking up). */
export async function subscribeToEvents(userId: string | null, listener: Listener) {
  return (await hub()).subscribe(userId, listener);
}
