import 'server-only';

/**
 * Whether a write failed on a unique index (PostgreSQL's 23505): two at once,
 * and the other one won. Either driver may wrap the database's error, so its
 * causes are followed (each once).
 */
export function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
