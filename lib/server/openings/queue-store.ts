import 'server-only';
import type { Db } from '@/lib/server/db/client';
import type { Opening } from './opening-row';

// Where an opening's queue lives (docs/OPENING.md, "Across instances"): in Redis when REDIS_URL is set
// (redis-queue.ts), in the database otherwise (database-queue.ts). Both hold the same rules: one place per
// account, early arrivals unranked until the draw, later ones in order of arrival, admission in rank order,
// and each step atomic so that any number of instances share one queue and never admit twice.

export const PLACE_STATES = ['waiting', 'admitted', 'sent', 'passed', 'left', 'sold_out'] as const;
export type PlaceState = (typeof PLACE_STATES)[number];

/** Later arrivals rank behind every drawn one: LATE_RANK + their order of arrival. */
export const LATE_RANK = 1_000_000_000_000;

export type QueuePlace = {
  state: PlaceState;
  joinedAt: Date;
  admittedAt: Date | null;
  sendBy: Date | null;
  /** How many wait before this place in the order (null before the draw, or when not waiting). */
  ahead: number | null;
};

/** What one read gives: the opening as the store sees it, the pilgrim's place, and how many wait for the draw. */
export type QueueRead = { opening: Opening | null; place: QueuePlace | null; earlyCount: number };

export type QueueCounts = Record<PlaceState, number>;

/** One tick of admission: lapsed turns, admissions made, and whether anyone is still waiting. */
export type AdmitResult = { admitted: string[]; lapsed: number; waiting: number };

/** A queue is its service's (one opening at a time; a new opening starts an empty queue: reset). */
export type QueueKey = string;

export interface QueueStore {
  readonly kind: 'database' | 'redis';
  /** Joins (or reads, for an account already in it): `early` before opens_at, else behind everyone, in order of arrival. A place that passed or left joins again at the back. */
  join(key: QueueKey, userId: string, now: Date, early: boolean): Promise<QueueRead>;
  /** The opening and the pilgrim's place: one round trip. */
  read(key: QueueKey, userId: string): Promise<QueueRead>;
  /** The store's copy of the opening's settings, when it keeps one (Redis): written after every change. */
  mirror?(opening: Opening): Promise<void>;
  /** A new opening: the old queue goes (the database's goes with its row). */
  reset?(key: QueueKey): Promise<void>;
  /** Leaves: a waiting or admitted place becomes left; true when there was one. */
  leave(key: QueueKey, userId: string, now: Date): Promise<boolean>;
  /**
   * The draw, once: ranks everyone who joined early in the order `order` gives for them (given in the order they
   * joined). null when already drawn (by this or another instance).
   */
  draw(key: QueueKey, seed: string, order: (joined: string[]) => string[]): Promise<{ entrants: string[] } | null>;
  /**
   * Admits the next in rank order up to `due` admissions (the rate's count, lapsed turns added by the store), after
   * lapsing admitted places whose send_by has passed. `due` null: only lapses (paused).
   */
  admit(key: QueueKey, due: number | null, sendWindowMs: number, now: Date): Promise<AdmitResult>;
  /** Whether the account may send now: admitted (or already sent once) and before send_by. */
  turn(key: QueueKey, userId: string, now: Date, db?: Db): Promise<QueuePlace | null>;
  markSent(key: QueueKey, userId: string, now: Date, db?: Db): Promise<void>;
  /** Ends the queue: every waiting place becomes sold_out; answers their accounts (to be told). */
  end(key: QueueKey, now: Date): Promise<string[]>;
  counts(key: QueueKey): Promise<QueueCounts>;
}

export function emptyCounts(): QueueCounts {
  return { waiting: 0, admitted: 0, sent: 0, passed: 0, left: 0, sold_out: 0 };
}
