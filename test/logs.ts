import { afterEach, beforeEach } from 'vitest';
import { setLogSink } from '@/lib/server/log/logger';

/** Collects every log line written while the calling test file runs (parsed, and raw). */
export function captureLogs() {
  const lines: string[] = [];
  let restore: (() => void) | undefined;
  beforeEach(() => {
    lines.length = 0;
    restore = setLogSink((_level, line) => lines.push(line));
  });
  afterEach(() => restore?.());
  return {
    lines,
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
