import 'server-only';

// Socket-level failures: the database is down, restarting or unreachable.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

// SQLSTATEs that mean "not now" rather than "wrong query": class 08 (connection
// exception), 57P01-57P03 (shutdown, crash shutdown, cannot connect now),
// 53300 (too many connections), 57014 (statement timeout: the database is too slow).
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

// node-postgres reports a lost or timed-out connection with a plain Error and one of these messages.
const POOL_MESSAGES = [
  'timeout exceeded when trying to connect',
  // A client's own connection timeout.
  'timeout expired',
  'Connection terminated',
  'connection timeout',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/**
 * Whether a failure means the database cannot be reached right now (answered
 * 503, worth retrying), as opposed to a broken query (a 500). Drizzle wraps the
 * driver's error, so the whole `cause` chain is looked at.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof message === 'string' && POOL_MESSAGES.some((known) => message.includes(known))) return true;
    current = cause;
  }
  return false;
}
