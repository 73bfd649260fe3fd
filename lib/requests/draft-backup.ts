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
