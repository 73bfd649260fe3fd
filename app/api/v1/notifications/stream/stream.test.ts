import { afterEach, describe, expect, it } from 'vitest';
import { withTestDatabase } from '@/test/database';
import { newUser } from '@/test/accounts';
import { paidAtCounter, submittedRequest } from '@/test/requests';
import { sseReader } from '@/test/sse';
import { call } from '@/test/api';
import { resetEnvForTests } from '@/lib/server/env';
import { officeMove } from '@/lib/server/requests/office-moves';
import * as streamRoute from './route';
import * as readAllRoute from '../read-all/route';
import * as logoutRoute from '../../auth/logout/route';

withTestDatabase();

const open: { cancel: () => Promise<unknown>; abort: () => void }[] = [];
afterEach(async () => {
  for (const stream of open.splice(0)) {
    stream.abort();
    await stream.cancel();
  }
  delete process.env.STREAM_HEARTBEAT_SECONDS;
  resetEnvForTests();
});

/** Opens the stream as a browser would (EventSource sends the cookie; a client may send the bearer header). */
async function openStream(auth: { token?: string; cookie?: string }, lastEventId?: string) {
  const headers: Record<string, string> = { accept: 'text/event-stream', 'accept-language': 'en' };
  if (auth.token) headers.authorization = `Bearer ${auth.token}`;
  if (auth.cookie) headers.cookie = auth.cookie;
  if (lastEventId) headers['last-event-id'] = lastEventId;
  const controller = new AbortController();
  const response = await streamRoute.GET(new Request('http://portal.test/api/v1/notifications/stream', { headers, signal: controller.signal }), {
    params: Promise.resolve({}),
  });
  if (response.status !== 200) return { response, events: null };
  const events = sseReader(response.body!);
  open.push({ cancel: events.cancel, abort: () => controller.abort() });
  return { response, events };
}

describe('GET /notifications/stream', () => {
  it('needs a session: none → 401', async () => {
    const { response } = await openStream({});
    expect(response.status).toBe(401);
    expect((await openStream({ token: 'x'.repeat(43) })).response.status).toBe(401);
  });

  it('sends the unread count at once, then each new notification as it happens, in the reader’s language', async () => {
    const { token } = await newUser();
    const { id, reference } = await submittedRequest(token);
    const { response, events } = await openStream({ token });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toContain('no-cache');
    const first = await events!.nextOf('unread');
    expect(JSON.parse(first!.data)).toEqual({ unread_count: 2 });

    await paidAtCounter(id);
    const live = await events!.nextOf('notification');
    const payload = JSON.parse(live!.data);
    expect(payload.unread_count).toBe(3);
    expect(payload.notification).toMatchObject({ type: 'payment_succeeded', request_id: id, read: false });
    expect(payload.notification.title).toBe(`Payment received for ${reference}`);
    expect(live!.id).toBe(String(payload.notification.seq));

    // Read in another tab: every open stream hears the new count.
    await call(readAllRoute.POST, { token, body: {} });
    expect(JSON.parse((await events!.nextOf('unread'))!.data)).toEqual({ unread_count: 0 });
  });

  it('authenticates with the session cookie, and carries only the user’s own events', async () => {
    const mine = await newUser();
    const theirs = await newUser();
    const mineRequest = await submittedRequest(mine.token);
    const theirRequest = await submittedRequest(theirs.token);
    const { events } = await openStream({ cookie: `session=${mine.token}` });
    await events!.nextOf('unread');
    await paidAtCounter(theirRequest.id);
    await paidAtCounter(mineRequest.id);
    const received = JSON.parse((await events!.nextOf('notification'))!.data);
    expect(received.notification.request_id).toBe(mineRequest.id);
  });

  it('resumes after Last-Event-ID with what was missed, in order', async () => {
    const { token } = await newUser();
    const { id } = await submittedRequest(token);
    const first = await openStream({ token });
    await first.events!.nextOf('unread');
    await paidAtCounter(id);
    const seen = await first.events!.nextOf('notification');
    open.splice(0).forEach((s) => s.abort());

    // While the tab was away:
    await officeMove(id, 'under_review', null);
    await officeMove(id, 'approved', null);

    const again = await openStream({ token }, seen!.id);
    const missed = [await again.events!.nextOf('notification'), await again.events!.nextOf('notification')].map((e) => JSON.parse(e!.data));
    expect(missed.map((m) => m.notification.title)).toEqual([
      expect.stringContaining('Being reviewed by the office'),
      expect.stringContaining('Approved'),
    ]);
    expect(Number(missed[0].notification.seq)).toBeGreaterThan(Number(seen!.id));
  });

  it('keeps the connection alive with heartbeats, and ends when the session does', async () => {
    process.env.STREAM_HEARTBEAT_SECONDS = '1';
    resetEnvForTests();
    const { token } = await newUser();
    const { events } = await openStream({ token });
    const beat = await events!.nextOf('comment', 3000);
    expect(beat!.comment).toBe('heartbeat');
    expect((await call(logoutRoute.POST, { token, body: {} })).status).toBe(204);
    expect(await events!.nextOf('signed_out', 3000)).not.toBeNull();
    expect(await events!.next(3000)).toBeNull();
  });
});
