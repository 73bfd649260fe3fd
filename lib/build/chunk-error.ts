/** Whether an error means a code chunk of the app could not be loaded (often: a new deployment). */
export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return (
    typeof message === 'string' &&
    /Loading (CSS )?chunk [\w/.-]+ failed|Failed to load chunk|Failed to fetch dynamically imported module|Importing a module script failed/i.test(
      message,
    )
  );
}

let lastTarget: string | null = null;

/** Remembers where the visitor was going, so a failed chunk can reload that page. */
export function rememberNavigationTarget(path: string) {
  lastTarget = path;
}

/** A full page load of the target (or of the current page when none is known). */
export function reloadToTarget() {
  window.location.assign(lastTarget ?? window.location.href);
}
