import 'server-only';
import type http from 'node:http';
import { isStaticPage, isStaticPageAddress } from '@/lib/routing/static-pages';
import { interceptServerEvents } from './server-events';

const STAMPED = Symbol.for('portal.unknown-static-pages');

/** Whether this request target is /{locale}/static/<slug> of a slug that names no page. */
export function isUnknownStaticPage(target: string): boolean {
  const path = target.split('?', 1)[0] ?? '/';
  return isStaticPageAddress(path) && !isStaticPage(path);
}

/**
 * From now on, the answer to an unknown static page (/en/static/<unknown slug>)
 * leaves as a 404. Its route refuses the slug before rendering (dynamicParams =
 * false: nothing rendered, nothing kept in the page cache) and the per-request
 * catch-all draws 'Page Not Found: {full path}' in the server's HTML
 * (app/[locale]/(default)/(per-request)/[...rest]/page.tsx); a page cannot set
 * its own status without throwing, and a thrown 404 is drawn by the browser
 * only. The path alone says it is a 404, so the status is set here, where every
 * answer passes. Redirects and errors keep theirs.
 */
export function stampUnknownStaticPages() {
  interceptServerEvents(STAMPED, (event, args) => {
    if (event !== 'request') return false;
    const [request, response] = args as [http.IncomingMessage, http.ServerResponse];
    if (isUnknownStaticPage(request.url ?? '/')) stampNotFound(response);
    return false;
  });
}

export function stampNotFound(response: http.ServerResponse) {
  const writeHead = response.writeHead;
  response.writeHead = function (this: http.ServerResponse, status: number, ...rest: unknown[]) {
    // Node's implicit headers (a write or end without writeHead) come through here too.
    const stamped = status === 200 ? 404 : status;
    this.statusCode = stamped;
    return (writeHead as (status: number, ...rest: unknown[]) => http.ServerResponse).call(this, stamped, ...rest);
  } as typeof response.writeHead;
}
