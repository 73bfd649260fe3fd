import 'server-only';
import http from 'node:http';

type Patchable = { emit: (event: string | symbol, ...args: unknown[]) => boolean } & Record<symbol, true | undefined>;

/**
 * Sees every event of every HTTP server of this process before its listeners
 * (Next.js) do; `intercept` answers true when it has handled the event itself,
 * and the listeners then never get it. Patching the prototype reaches the
 * server Next.js has already made. `mark` makes a second call a no-op. The
 * last one installed sees each event first.
 */
export function interceptServerEvents(mark: symbol, intercept: (event: string | symbol, args: unknown[], server: http.Server) => boolean) {
  const prototype = http.Server.prototype as unknown as Patchable;
  if (prototype[mark]) return;
  const emit = prototype.emit;
  prototype.emit = function (this: http.Server, event, ...args) {
    return intercept(event, args, this) || emit.call(this, event, ...args);
  };
  prototype[mark] = true;
}
