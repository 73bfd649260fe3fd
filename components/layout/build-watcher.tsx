'use client';

import { useEffect } from 'react';
import { BUILD_ID } from '@/lib/build/build-info';
import { isChunkLoadError, reloadToTarget, rememberNavigationTarget } from '@/lib/build/chunk-error';

const CHECK_EVERY_MS = 10 * 60 * 1000;

/**
 * Notices a new deployment: it asks GET /api/build every 10 minutes and when
 * the tab regains focus. Once the id differs, the next in-app navigation is a
 * full page load, so the visitor gets the new build's code. A chunk that fails
 * to load reloads the page the visitor was going to.
 */
export function BuildWatcher() {
  useEffect(() => {
    let stale = false;

    async function check() {
      try {
        const response = await fetch(`/api/build?t=${Date.now()}`, { cache: 'no-store' });
        if (!response.ok) return;
        const body = (await response.json()) as { id?: unknown };
        if (typeof body.id === 'string' && body.id !== BUILD_ID) {
          stale = true;
          // Visible to support staff (and tests) in the inspector.
          document.documentElement.dataset.newBuild = body.id;
        }
      } catch {
        // Offline or the server restarting: try again at the next occasion.
      }
    }

    function onVisible() {
      if (document.visibilityState === 'visible') void check();
    }

    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      rememberNavigationTarget(url.pathname + url.search + url.hash);
      if (stale) {
        // Runs in the capture phase, before the router sees the click.
        event.preventDefault();
        event.stopImmediatePropagation();
        window.location.assign(url.href);
      }
    }

    function onError(event: ErrorEvent | PromiseRejectionEvent) {
      const error = 'reason' in event ? event.reason : event.error;
      if (isChunkLoadError(error)) reloadToTarget();
    }

    const timer = window.setInterval(check, CHECK_EVERY_MS);
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', onVisible);
    document.addEventListener('click', onClick, true);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onError);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', onVisible);
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onError);
    };
  }, []);

  return null;
}
