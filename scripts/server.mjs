#!/usr/bin/env node
// The portal's HTTP server: Next.js behind the app's front door (lib/server/http/front-door-server.mjs;
// docs/ARCHITECTURE.md, "The way in"). `npm start` runs it on a build (scripts/start.mjs), `npm run dev` with
// `--dev`. It takes `next start`'s options: -p/--port, -H/--hostname, --keepAliveTimeout (PORT and HOSTNAME
// from the environment otherwise).
import path from 'node:path';
import { createFrontDoorServer } from '../lib/server/http/front-door-server.mjs';
import { serverOptions } from './server-options.mjs';

const root = path.resolve(import.meta.dirname, '..');
let options;
try {
  options = serverOptions(process.argv.slice(2), process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const dev = options.dev;
// As `next start` and `next dev` set it, before Next.js is loaded (its modules read it as they load).
process.env.NODE_ENV ??= dev ? 'development' : 'production';
// The port listened on, as `next start -p` sets it: the site's address (APP_URL unset: http://localhost:PORT,
// lib/server/http/origin.ts) names it in links, e-mails and the payment gateway's return.
process.env.PORT = String(options.port);
const { default: next } = await import('next');

const app = next({ dev, dir: root, hostname: options.hostname ?? 'localhost', port: options.port });
const handle = app.getRequestHandler();
// The server first, so the app, which adds its front door as it starts (instrumentation.ts → lib/server/start.ts),
// finds it there; no request reaches it before it listens, after the app is ready.
// In development the upgrades (the browser's live reload) are Next.js's, asked for once it is prepared.
const server = createFrontDoorServer(handle, dev ? { upgrade: (request, socket, head) => app.getUpgradeHandler()(request, socket, head) } : {});
if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
await app.prepare();
server.listen(options.port, options.hostname, () => {
  console.log(`▲ Ready on http://${options.hostname ?? 'localhost'}:${options.port}${dev ? ' (development)' : ''}`);
});

// A stop (a deploy, Ctrl-C): no new connections, the ones open finish, then the process ends.
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  });
}
