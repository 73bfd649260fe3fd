'use client';

/**
 * The browser's copy of a draft's unsent answers. Written on every change,
 * before the autosave goes out, so that a reload, a crash, a lost connection
 * or an expired session loses nothing; cleared step by step once the server
 * has them.
 */
export type DraftBackup = {
  /** The server version the answers were typed on. */
  version: number;
  /** Answers of steps not yet saved on the server. */
  unsaved: Record<string, unknown>;
};

const key = (id: string) => `draft-backup:${id}`;

export function readBackup(id: string): DraftBackup | null {
  try {
    const text = localStorage.getItem(key(id));
    const parsed = text ? (JSON.parse(text) as DraftBackup) : null;
    return parsed && typeof parsed.version === 'number' && parsed.unsaved && typeof parsed.unsaved === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

export function writeBackup(id: string, backup: DraftBackup) {
  try {
    if (Object.keys(backup.unsaved).length === 0) localStorage.removeItem(key(id));
    else localStorage.setItem(key(id), JSON.stringify(backup));
  } catch {
    // Storage full or disabled: the autosave still runs.
  }
}

/** Two answers the same whatever the order of their keys (the database's JSON keeps its own order). */
function sameAnswer(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return keysA.length === keysB.length && keysA.every((k) => Object.hasOwn(b, k) && sameAnswer((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * What the wizard starts from: the server's answers with this browser's unsent
 * ones on top (a reload, a crash, a lost connection). Answers typed on an older
 * version were overtaken elsewhere (`stale`: show the newer ones and say so),
 * unless the server already has exactly them: then this browser's own save
 * landed and its answer never arrived (the page was left while it was on its
 * way), and nothing changed elsewhere.
 */
export function startingAnswers(
  request: { version: number; data: Record<string, unknown> },
  backup: DraftBackup | null,
): { answers: Record<string, unknown>; unsaved: Record<string, unknown>; stale: boolean } {
  if (backup && backup.version !== request.version) {
    const landed = Object.entries(backup.unsaved).every(([step, answer]) => sameAnswer(answer, request.data[step]));
    return { answers: request.data, unsaved: {}, stale: !landed };
  }
  const unsaved = backup?.unsaved ?? {};
  return { answers: { ...request.data, ...unsaved }, unsaved, stale: false };
}
