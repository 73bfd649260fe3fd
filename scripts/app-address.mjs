// Where the command-line tools (npm run staff, npm run ops) find the running app.
import nextEnv from '@next/env';

/**
 * Reads the app's .env files as `next start` does (.env.production.local,
 * .env.local, .env.production, .env; the environment wins), so that a
 * command run beside the app sees its APP_URL, PORT and OPS_API_KEY.
 */
export function loadAppEnv(dir = process.cwd()) {
  nextEnv.loadEnvConfig(dir, false, { info: () => {}, error: (...args) => console.error(...args) });
}

/**
 * The app's address: BASE_URL when given to this command (another instance,
 * or the app's port behind a proxy), else the site's own APP_URL, else
 * http://localhost:$PORT as the server defaults it. No trailing slash.
 */
export function appAddress(env) {
  return (env.BASE_URL || env.APP_URL || `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, '');
}
