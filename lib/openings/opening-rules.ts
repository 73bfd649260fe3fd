// The arithmetic of an opening (issue 59, docs/OPENING.md), the same on every instance and in the tests: its state
// at a moment, how many admissions are due, when a place in the line should come up, when to ask again.
// Nothing here reads a clock: every rule takes `now`.

export const OPENING_STATES = ['upcoming', 'queueing', 'admitting', 'over'] as const;
export type OpeningState = (typeof OPENING_STATES)[number];

/** The office's settings of an opening, and its admission clock (lib/server/db/schema.ts, openings). */
export type OpeningClock = {
  opensAt: Date;
  admitPerMinute: number;
  queueOpensMinutesBefore: number;
  sendWindowMinutes: number;
  /** From when the current rate counts; null while paused. */
  rateSince: Date | null;
  /** Admissions due up to rateSince (fractions carried). */
  credit: number;
  pausedAt: Date | null;
  endedAt: Date | null;
};

const MINUTE = 60_000;

export function queueOpensAt(clock: Pick<OpeningClock, 'opensAt' | 'queueOpensMinutesBefore'>): Date {
  return new Date(clock.opensAt.getTime() - clock.queueOpensMinutesBefore * MINUTE);
}

export function openingState(clock: Pick<OpeningClock, 'opensAt' | 'queueOpensMinutesBefore' | 'endedAt'>, now: Date): OpeningState {
  if (clock.endedAt && clock.endedAt <= now) return 'over';
  if (now < queueOpensAt(clock)) return 'upcoming';
  if (now < clock.opensAt) return 'queueing';
  return 'admitting';
}

/**
 * How many admissions the rate allows by `now` since the opening, lapsed turns not counted (the queue adds one
 * for each: a turn that passes unused is given to the next). Spread evenly: one every 60/admit_per_minute
 * seconds, never a minute's worth at once.
 */
export function admissionsDue(clock: OpeningClock, now: Date): number {
  const since = clock.rateSince ? Math.max(clock.rateSince.getTime(), clock.opensAt.getTime()) : null;
  const running = since !== null && now.getTime() > since ? ((now.getTime() - since) / MINUTE) * clock.admitPerMinute : 0;
  return clock.credit + running;
}

/** The clock carried to `now`, as a pause or a new rate starts from (the admissions due so far kept as credit). */
export function carriedClock(clock: OpeningClock, now: Date): Pick<OpeningClock, 'credit' | 'rateSince'> {
  return { credit: admissionsDue(clock, now), rateSince: clock.rateSince ? now : null };
}

/**
 * When a pilgrim with `ahead` others before them should be admitted, at the rate: null while paused or ended.
 * Before the opening it counts from opens_at.
 */
export function estimatedAdmission(clock: OpeningClock, ahead: number, now: Date): Date | null {
  if (clock.pausedAt || clock.endedAt) return null;
  const gap = MINUTE / clock.admitPerMinute;
  // What of the next admission is already due (the fraction of the rate since the last one).
  const due = admissionsDue(clock, now);
  const partial = due - Math.floor(due);
  const from = Math.max(now.getTime(), clock.opensAt.getTime());
  return new Date(from + Math.max(0, ahead + 1 - partial) * gap);
}

/**
 * After how many seconds the queue page should ask again (the server's choice, `poll_after_s`): often when a
 * change is near, at most every 60 s when far, with a few seconds of spread so that thousands of pages that
 * loaded together do not ask together. null: nothing will change by itself (sent, left, over).
 */
/** Over how many seconds after the draw the early arrivals read their drawn places. */
export const DRAW_SPREAD_S = 10;

export function pollAfterSeconds(place: { state: string; estimatedAt: Date | null; sendBy: Date | null }, clock: OpeningClock, now: Date, spread: number = Math.random()): number | null {
  const jitter = Math.floor(spread * 4);
  const clamp = (seconds: number) => Math.min(60, Math.max(2, Math.ceil(seconds)));
  if (place.state === 'admitted' && place.sendBy) return clamp((place.sendBy.getTime() - now.getTime()) / 1000 / 4);
  if (place.state !== 'waiting' || clock.endedAt) return null;
  if (now < clock.opensAt) {
    // Waiting for the draw: right after opens_at (and its first second), never a minute late. Everyone who came
    // early reads their drawn place then, so those reads are spread over ten seconds, not four: in the opening
    // minute's run (docs/PERFORMANCE.md) a thousand reads in the same four seconds were its slowest.
    const toOpen = (clock.opensAt.getTime() - now.getTime()) / 1000;
    return toOpen > 60 ? 60 : clamp(toOpen + 2 + Math.floor(spread * DRAW_SPREAD_S));
  }
  if (!place.estimatedAt) return 60;
  const toTurn = (place.estimatedAt.getTime() - now.getTime()) / 1000;
  return clamp(toTurn / 3 + jitter);
}
