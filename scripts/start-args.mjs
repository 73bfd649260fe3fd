// The arguments `npm start` gives scripts/server.mjs (which takes `next start`'s options): every option the caller passed
// (`npm start -- -H 127.0.0.1 --port 8080`) goes through as given; the
// environment fills in only what they did not say: PORT (3000 by default),
// HOSTNAME (the address to listen on, as Next.js's own server reads it; unset,
// every interface), and a keep-alive longer than a load balancer's idle timeout.
// `--rebuild` is start.mjs's own and is not passed on.

// Idle keep-alive connections stay open 65 s (Node's default is 5 s): longer
// than a load balancer's idle timeout (60 s on the common ones), so the app
// never closes a connection the balancer, or any client, is about to reuse
// (that race shows as a reset connection or a 502). The browser tests' own
// app instances (e2e/app-process.ts) keep the same.
export const KEEP_ALIVE_MS = '65000';

const given = (args, ...names) => args.some((arg) => names.some((name) => arg === name || arg.startsWith(`${name}=`)));

/**
 * @param {string[]} args what followed `npm start --`
 * @param {Record<string, string | undefined>} source the environment
 * @param {string} keepAliveMs the default keep-alive timeout
 */
export function serverArgs(args, source, keepAliveMs) {
  const own = args.filter((arg) => arg !== '--rebuild');
  const defaults = [];
  if (!given(own, '-p', '--port')) defaults.push('--port', source.PORT || '3000');
  if (source.HOSTNAME && !given(own, '-H', '--hostname')) defaults.push('--hostname', source.HOSTNAME);
  if (!given(own, '--keepAliveTimeout')) defaults.push('--keepAliveTimeout', keepAliveMs);
  return [...defaults, ...own];
}
