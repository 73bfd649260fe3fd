import { z } from '@/lib/validation/z';
import { OPENING_STATES } from '@/lib/openings/opening-rules';
import { REQUEST_STEPS } from '@/lib/requests/steps';
import { nullableTimestamp, timestamp, uuid } from './common';

// An opening and a pilgrim's place in its queue (issue 59, docs/OPENING.md).

/** A service's opening, as GET /request-types and the queue show it. */
export const openingInfo = z
  .object({
    opens_at: timestamp.describe('When sending opens; those who joined the queue before it are put in a random order then'),
    queue_opens_at: timestamp.describe('When the queue opens (queue_opens_minutes_before before opens_at)'),
    admit_per_minute: z.int().min(1).describe('How many are admitted a minute, spread evenly across it'),
    send_window_minutes: z.int().min(1).describe('How long an admitted pilgrim has to send'),
    state: z.enum(OPENING_STATES).describe('upcoming: the queue is not open yet; queueing: it is open, sending is not; admitting: pilgrims are admitted in order; over: ended (sold out, or by the office)'),
    paused: z.boolean().describe('Admissions paused by the office (places in the queue are kept)'),
    ended_reason: z.enum(['sold_out', 'office']).nullable(),
  })
  .describe('docs/OPENING.md');
export type OpeningInfo = z.infer<typeof openingInfo>;

export const QUEUE_PLACE_STATES = ['not_joined', 'waiting', 'admitted', 'sent', 'passed', 'left', 'sold_out'] as const;

/** A pilgrim's place in an opening's queue (POST, GET /openings/{service}/queue). */
export const queuePlace = z.object({
  service: z.enum(['hajj', 'umrah']),
  opening: openingInfo,
  state: z
    .enum(QUEUE_PLACE_STATES)
    .describe('not_joined; waiting; admitted (may send until send_by); sent; passed (the send window lapsed: join again to queue at the back); left; sold_out (the places went while waiting: the reserve list is the way on)'),
  position: z.int().min(1).nullable().describe('1 = next to be admitted; null before the draw at opens_at, and when not waiting'),
  ahead: z.int().min(0).nullable().describe('How many are before this place; null as position'),
  waiting_for_draw: z.int().min(0).nullable().describe('Before the draw: how many joined so far (all put in a random order at opens_at); null after it'),
  estimated_admission_at: nullableTimestamp.describe('At the current rate; null while paused, before the draw, or when not waiting'),
  joined_at: nullableTimestamp,
  send_by: nullableTimestamp.describe('Admitted: the request must be sent by then'),
  poll_after_s: z.int().min(1).max(60).nullable().describe('When to ask again (chosen by the server: often when close, at most every 60 s when far); null: nothing will change by itself'),
  draft: z
    .object({ id: uuid, missing_steps: z.array(z.enum(REQUEST_STEPS)).describe('The steps of the draft not complete yet: have them ready before the turn comes') })
    .nullable()
    .optional()
    .describe('On joining: the pilgrim’s latest draft for the service, and what it still needs (null: no draft yet)'),
});
export type QueuePlaceAnswer = z.infer<typeof queuePlace>;

/** The console's view of an opening (GET /office/openings/{service}). */
export const officeOpening = z.object({
  service: z.enum(['hajj', 'umrah']),
  opening: openingInfo.nullable(),
  counts: z.object({ waiting: z.int(), admitted: z.int(), sent: z.int(), passed: z.int(), left: z.int(), sold_out: z.int() }),
  drawn_at: nullableTimestamp.describe('When the early arrivals were put in their random order (its seed is in the audit log)'),
  last_admission_at: nullableTimestamp.describe('At the current rate, when the last one waiting will be admitted; null while paused or when none waits'),
});
export type OfficeOpening = z.infer<typeof officeOpening>;
