import 'server-only';
import type { Client } from 'pg';

type Handler = (payload: string) => void;

/**
 * The longest wait between two attempts to listen again. Events published
 * while the listening connection is down are missed (the pool itself is back
 * within a query or two), so it comes back at most two seconds after the
 * database does: one connection attempt every two seconds of an outage costs
 * nothing. (At ten seconds, a short second outage right after a long one left
 * the live streams deaf for ten seconds: e2e/db-outage.spec.ts.)
 */
const MAX_RECONNECT_DELAY_MS = 2_000;

/**
 * LISTEN on a dedicated PostgreSQL connection (a pooled one would drop it).
 * When the connection dies (server restart, network), it reconnects with
 * backoff, listens again and calls `onReconnect`, so callers can catch up on
 * what they missed meanwhile.
 */
export class PgListener {
  private client: Client | null = null;
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly reconnectHandlers = new Set<() => void>();
  private readonly lostHandlers = new Set<() => void>();
  private connecting: Promise<void> | null = null;
  private closed = false;
  private delay = 250;

  constructor(private readonly url: string) {}

  async listen(channel: string, handler: Handler, onReconnect?: () => void, onLost?: () => void): Promise<() => Promise<void>> {
    let set = this.handlers.get(channel);
    const isNew = !set;
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(handler);
    if (onReconnect) this.reconnectHandlers.add(onReconnect);
    if (onLost) this.lostHandlers.add(onLost);
    try {
      await this.connect();
      if (isNew && this.client) await this.client.query(`LISTEN ${quoteIdent(channel)}`);
    } catch (error) {
      // The database is down: the caller answers 503; nothing of this subscription stays behind.
      set.delete(handler);
      if (set.size === 0) this.handlers.delete(channel);
      if (onReconnect) this.reconnectHandlers.delete(onReconnect);
      if (onLost) this.lostHandlers.delete(onLost);
      throw error;
    }
    return async () => {
      set.delete(handler);
      if (onReconnect) this.reconnectHandlers.delete(onReconnect);
      if (onLost) this.lostHandlers.delete(onLost);
    };
  }

  async close() {
    this.closed = true;
    await this.client?.end().catch(() => {});
    this.client = null;
  }

  private connect(): Promise<void> {
    if (this.client || this.closed) return Promise.resolve();
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open() {
    const { Client } = await import('pg');
    // Fails fast when the server does not answer, and notices a silently dead connection.
    const client = new Client({ connectionString: this.url, connectionTimeoutMillis: 5_000, keepAlive: true });
    client.on('notification', (message) => {
      for (const handler of this.handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${quoteIdent(channel)}`);
    } catch (error) {
      // Half-open (connected, then cut before LISTEN): drop it; the caller retries.
      client.end().catch(() => {});
      throw error;
    }
    this.client = client;
    this.delay = 250;
  }

  private lost(client: Client) {
    if (this.client !== client || this.closed) return;
    this.client = null;
    client.end().catch(() => {});
    this.lostHandlers.forEach((handler) => handler());
    const retry = () => {
      if (this.closed) return;
      this.connect().then(
        () => this.reconnectHandlers.forEach((handler) => handler()),
        () => {
          this.delay = Math.min(this.delay * 2, MAX_RECONNECT_DELAY_MS);
          setTimeout(retry, this.delay).unref();
        },
      );
    };
    setTimeout(retry, this.delay).unref();
  }
}

function quoteIdent(name: string) {
  return `"${name.replaceAll('"', '""')}"`;
}
