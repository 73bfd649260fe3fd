import 'server-only';

export type LogLevel = 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;
type Sink = (level: LogLevel, line: string) => void;

// Field names whose values never reach a log line, whatever calls the logger:
// a second line of defence behind the rule that bodies and headers are never logged.
const SECRET_KEY = /pass(word)?|token|secret|authorization|cookie|card|otp|cvc|p256dh|^auth$|api_?key|ops_?key|signature|private/i;

const RANK = { info: 0, warn: 1, error: 2, silent: 3 } as const;

// LOG_LEVEL is read directly (not through env()) so that logging works even
// while the environment is being validated; an unknown value means info.
function threshold(): number {
  return RANK[process.env.LOG_LEVEL as keyof typeof RANK] ?? RANK.info;
}

const defaultSink: Sink = (level, line) => {
  if (RANK[level] < threshold()) return;
  (level === 'error' ? process.stderr : process.stdout).write(`${line}\n`);
};

let sink: Sink = defaultSink;

/** Replaces where lines go (tests capture them); returns a function that restores the previous sink. */
export function setLogSink(next: Sink): () => void {
  const previous = sink;
  sink = next;
  return () => {
    sink = previous;
  };
}

function redact(fields: LogFields): LogFields {
  const out: LogFields = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] = SECRET_KEY.test(key) ? '[redacted]' : value;
  }
  return out;
}

/** One JSON object per line: time, level, msg, then the event's fields. */
export function log(level: LogLevel, msg: string, fields: LogFields = {}) {
  let line: string;
  try {
    line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...redact(fields) });
  } catch {
    line = JSON.stringify({ time: new Date().toISOString(), level, msg, note: 'fields could not be serialized' });
  }
  sink(level, line);
}

/** What an error says about itself, for the log only (never for an answer). */
export function describeError(error: unknown): string {
  return String(error instanceof Error ? (error.stack ?? error.message) : error);
}

export const logger = {
  info: (msg: string, fields?: LogFields) => log('info', msg, fields),
  warn: (msg: string, fields?: LogFields) => log('warn', msg, fields),
  error: (msg: string, fields?: LogFields) => log('error', msg, fields),
};
