import { describe, expect, it } from 'vitest';
import { DRAW_SPREAD_S, pollAfterSeconds, type OpeningClock } from './opening-rules';

// When a waiting page reads its place again (poll_after_s, chosen by the server: issue 59, item 6).
const opensAt = new Date('2027-03-01T09:00:00Z');
const clock: OpeningClock = { opensAt, admitPerMinute: 500, queueOpensMinutesBefore: 30, sendWindowMinutes: 15, rateSince: opensAt, credit: 0, pausedAt: null, endedAt: null };
const waiting = { state: 'waiting', estimatedAt: null, sendBy: null };
const before = (seconds: number) => new Date(opensAt.getTime() - seconds * 1000);

describe('pollAfterSeconds, waiting for the draw', () => {
  it('reads again after the opening, never before it, spread over ten seconds so the early arrivals do not all come at once', () => {
    const spreads = Array.from({ length: 100 }, (_, i) => i / 100);
    const after = spreads.map((spread) => pollAfterSeconds(waiting, clock, before(20), spread)!);
    expect(Math.min(...after)).toBe(22);
    expect(Math.max(...after)).toBe(20 + 2 + DRAW_SPREAD_S - 1);
    // Every second of the spread is used, none more often than its share.
    expect(new Set(after).size).toBe(DRAW_SPREAD_S);
  });

  it('is never more than a minute away, however early the pilgrim joined', () => {
    expect(pollAfterSeconds(waiting, clock, before(29 * 60), 0.5)).toBe(60);
    expect(pollAfterSeconds(waiting, clock, before(50), 0.99)).toBe(60);
  });
});
