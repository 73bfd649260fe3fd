'use client';

/**
 * Whether this page says itself that the session ended. A page of the account
 * (SignedInGate) does: it tells the pilgrim why and offers signing in back to
 * the same address, where a form finds its answers in the browser's backup
 * (lib/requests/draft-backup.ts). Elsewhere the API client goes home on a 401
 * (DESIGN section 5). Counted, not a flag: a gate that unmounts while another
 * mounts (a navigation) must not leave the page unclaimed.
 */
let pages = 0;

/** Claims the session's end for this page; the answer releases it (a useEffect's cleanup). */
export function showSessionEndHere(): () => void {
  pages += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    pages -= 1;
  };
}

export function sessionEndIsShownHere(): boolean {
  return pages > 0;
}
