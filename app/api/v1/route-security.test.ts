/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { securityOf, type RouteSecurity } from '@/lib/server/http/route-security';
import { OPERATIONS, type Auth } from '@/lib/server/openapi/operations';

// Each operation's declared security (operations.ts `auth`, which document.ts writes as the operation's `security`)
// is the wrapper its handler was built with (lib/server/http/handler.ts): a route built with the wrong one, or with
// a bare route(), fails here. Issue 39 item 3.

/** The wrapper each declared security asks for. */
const WRAPPER: Record<Auth, RouteSecurity> = {
  none: 'public',
  // A link's token is a body field its service checks (a used or expired one: 422), as a password is at sign-in.
  link: 'public',
  session: 'user',
  optional: 'optional-user',
  staff: 'staff',
  ops: 'ops',
  // The gateway's signature is over the body's exact text: the handler reads and verifies it.
  signature: 'signed',
};
const WRITTEN: Record<RouteSecurity, string> = {
  public: 'route.public',
  user: 'route.user',
  'optional-user': 'route.user.optional',
  staff: 'route.staff',
  ops: 'route.ops',
  signed: 'route.signed',
};

// Plain functions, outside route(): they read nothing and throw nothing, and the build check is the
// constant floor of the load figures (docs/PERFORMANCE.md), which a log line per request would move.
const PLAIN = new Set(['GET /api/health', 'GET /api/build']);

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const routeOfFile = (file: string) => file.replace(/^\/app\/api\//, '/api/').replace(/\/route\.ts$/, '').replace(/\[([^\]]+)\]/g, '{$1}');

/** Every handler under app/api, by `METHOD /path` as the document writes it. */
async function handlers() {
  const found = new Map<string, unknown>();
  for (const [file, load] of Object.entries(import.meta.glob('/app/api/**/route.ts'))) {
    const routeModule = (await load()) as Record<string, unknown>;
    for (const method of METHODS) if (routeModule[method]) found.set(`${method} ${routeOfFile(file)}`, routeModule[method]);
  }
  return found;
}

const builtWith = (handler: unknown) => {
  const security = securityOf(handler);
  return security ? WRITTEN[security] : 'no wrapper';
};

describe('who may call each route', () => {
  it('is, for every operation of the document, the wrapper its declared security asks for', async () => {
    const all = await handlers();
    const wrong: string[] = [];
    for (const operation of OPERATIONS) {
      const name = `${operation.method.toUpperCase()} ${operation.path}`;
      const handler = all.get(name);
      if (!handler) wrong.push(`${name}: no handler`);
      else if (PLAIN.has(name)) {
        if (operation.auth !== 'none' || securityOf(handler)) wrong.push(`${name}: declared ${operation.auth}, answered by a plain function on purpose`);
      } else if (securityOf(handler) !== WRAPPER[operation.auth]) {
        wrong.push(`${name}: declared ${operation.auth}, so ${WRITTEN[WRAPPER[operation.auth]]}; built with ${builtWith(handler)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('is declared by a wrapper on every handler under app/api, the catch-all included', async () => {
    const bare = [...(await handlers())].filter(([name, handler]) => !PLAIN.has(name) && !securityOf(handler)).map(([name]) => name);
    expect(bare).toEqual([]);
  });
});
