export type SseEvent = { id?: string; event: string; data: string; comment?: string };

/** Reads server-sent events from a response body, one at a time, with a deadline for each. */
export function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const pending: SseEvent[] = [];
  let done = false;

  function parse() {
    let index: number;
    while ((index = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, index);
      buffer = buffer.slice(index + 2);
      const event: SseEvent = { event: 'message', data: '' };
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) event.comment = line.slice(1).trim();
        else if (line.startsWith('id: ')) event.id = line.slice(4);
        else if (line.startsWith('event: ')) event.event = line.slice(7);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
        else if (line.startsWith('retry: ')) event.event = 'retry';
      }
      event.data = data.join('\n');
      if (event.comment !== undefined) event.event = 'comment';
      pending.push(event);
    }
  }

  async function next(timeoutMs = 5000): Promise<SseEvent | null> {
    const deadline = Date.now() + timeoutMs;
    while (pending.length === 0) {
      if (done) return null;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no event in time');
      let timer: ReturnType<typeof setTimeout> | undefined;
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('no event in time')), left);
        }),
      ]).finally(() => clearTimeout(timer));
      if (chunk.done) done = true;
      else {
        buffer += decoder.decode(chunk.value, { stream: true });
        parse();
      }
    }
    return pending.shift()!;
  }

  /** The next event of a kind, skipping others (heartbeats, retry). */
  async function nextOf(kind: string, timeoutMs = 5000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const event = await next(Math.max(1, deadline - Date.now()));
      if (!event) return null;
      if (event.event === kind) return event;
    }
  }

  return { next, nextOf, cancel: () => reader.cancel().catch(() => undefined) };
}
