import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushLog, log } from './logger';

// The default sink: what a server started with `npm start` writes to its output.
describe('the log written to the process output', () => {
  let out: ReturnType<typeof vi.spyOn>;
  let err: ReturnType<typeof vi.spyOn>;
  const level = process.env.LOG_LEVEL;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    process.env.LOG_LEVEL = 'info';
    out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  });
  afterEach(() => {
    flushLog();
    out.mockRestore();
    err.mockRestore();
    process.env.LOG_LEVEL = level;
    vi.useRealTimers();
  });

  const written = (spy: ReturnType<typeof vi.spyOn>): string => spy.mock.calls.map(([chunk]: unknown[]) => String(chunk)).join('');

  it('writes the lines of many requests in one write, a tenth of a second after the first', () => {
    for (let i = 0; i < 50; i++) log('info', 'request', { request_id: `req-${i}`, status: 200 });
    expect(out).not.toHaveBeenCalled();
    vi.advanceTimersByTime(99);
    expect(out).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(out).toHaveBeenCalledTimes(1);
    const lines = written(out).trimEnd().split('\n').map((line) => JSON.parse(line) as { msg: string; request_id: string });
    expect(lines.map((line) => line.request_id)).toEqual(Array.from({ length: 50 }, (_, i) => `req-${i}`));
  });

  it('writes what waits before an error line, so the order holds, and the error at once', () => {
    log('warn', 'database unavailable', { code: '57P01' });
    log('error', 'unhandled error in route handler', { error: 'TypeError' });
    expect(JSON.parse(written(out)).msg).toBe('database unavailable');
    expect(JSON.parse(written(err)).msg).toBe('unhandled error in route handler');
    expect(out.mock.invocationCallOrder[0]).toBeLessThan(err.mock.invocationCallOrder[0]!);
  });

  it('writes a batch at once when it reaches 64 KB, and nothing below the level', () => {
    process.env.LOG_LEVEL = 'warn';
    log('info', 'request', { request_id: 'below the level' });
    const padding = 'x'.repeat(1000);
    for (let i = 0; i < 70; i++) log('warn', 'slow', { padding });
    expect(out).toHaveBeenCalledTimes(1);
    expect(written(out)).not.toContain('below the level');
  });

  it('writes what waits when the process exits', () => {
    log('info', 'request', { request_id: 'last-before-exit' });
    process.emit('exit', 0);
    expect(written(out)).toContain('last-before-exit');
  });
});
