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

// Lines below `error` are written in batches. Writing to a pipe (how a
// process manager or a container reads a server's output) is synchronous on
// Linux: a write per request line took 5.4 % of the server's CPU serving the
// requests list at 50 connections, 1.0 % in batches (profiles on PostgreSQL,
// docs/history/PERFORMANCE-FINDINGS.md).
// A batch is written at most FLUSH_MS after its first line, at FLUSH_BYTES,
// before any error line (so the order holds), and when the process exits; a
// process killed outright (SIGKILL) loses at most the last FLUSH_MS of lines.
const FLUSH_MS = 100;
const FLUSH_BYTES = 64 * 1024;
let batch = '';
let flushTimer: ReturnType<typeof setTimeout> | undefined;

/** Writes the lines waiting in the batch. */
export function flushLog() {
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = undefined;
  if (!batch) return;
  const lines = batch;
  batch = '';
  process.stdout.write(lines);
}

const defaultSink: Sink = (level, line) => {
  if (RANK[level] < threshold()) return;
  if (level === 'error') {
    flushLog();
    process.stderr.write(`${line}\n`);
    return;
  }
  batch += `${line}\n`;
  if (batch.length >= FLUSH_BYTES) flushLog();
  else if (!flushTimer) {
    flushTimer = setTimeout(flushLog, FLUSH_MS);
    // A batch waiting to be written does not keep the process alive: 'exit' writes it.
    flushTimer.unref();
  }
};
process.once('exit', flushLog);

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

/**
 * An error for the log: the names along its cause chain and the first code
 * (a PostgreSQL SQLSTATE such as 22P02, a Node code such as ECONNRESET), e.g.
 * `DrizzleQueryError < error [22P02]`. Never its message or stack: a database
 * error repeats the query's parameters (e-mail addresses, password hashes,
 * answers) and names hosts and users. The request id in the same line leads
 * to the request; reproduce it to see more.
 */
export function describeError(error: unknown): string {
  const names: string[] = [];
  let code: string | undefined;
  for (let current = error, depth = 0; current !== null && current !== undefined && depth < 5; depth += 1) {
    if (typeof current !== 'object') {
      names.push(typeof current);
      break;
    }
    const { name, code: ownCode, constructor } = current as { name?: unknown; code?: unknown; constructor?: { name?: unknown } };
    names.push(safeWord(name) ?? safeWord(constructor?.name) ?? 'object');
    code ??= safeWord(ownCode) ?? (typeof ownCode === 'number' ? String(ownCode) : undefined);
    current = (current as { cause?: unknown }).cause;
  }
  return `${names.join(' < ') || String(error)}${code ? ` [${code}]` : ''}`;
}

/** A name or code as errors carry them (`DatabaseError`, `22P02`, `ERR_INVALID_ARG_TYPE`); anything else is not written. */
function safeWord(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9_.:-]{1,64}$/.test(value) ? value : undefined;
}

export const logger = {
  info: (msg: string, fields?: LogFields) => log('info', msg, fields),
  warn: (msg: string, fields?: LogFields) => log('warn', msg, fields),
  error: (msg: string, fields?: LogFields) => log('error', msg, fields),
};
