import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${PORT}`;
// The back office's key on the test server (the notification tests move requests as the office does).
export const E2E_OPS_KEY = 'e2e-office-key-0123456789abcdef';
// Where the app under test gets "Google's" keys for ID tokens: e2e/fixtures/google-keys-server.mjs.
const GOOGLE_KEYS_PORT = PORT + 1;

// The system Chromium (Debian's package) when present: Playwright cannot download its own here.
// (Its old headless shell, package chromium-headless-shell, was tried: less CPU on a static page,
// but the journeys ran about half as slow again, docs/TESTING.md.)
const systemChromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const launchOptions = existsSync(systemChromium)
  ? {
      executablePath: systemChromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // One process fewer per browser (the GPU process's work done in the browser's), and no process per site:
        // every page under test is one origin. 114 to 117 s against 128 to 134 s for the same 27 tests, interleaved
        // runs (docs/TESTING.md, sixth round). Each alone showed nothing; --single-process broke pages, --no-zygote
        // and --enable-low-end-device-mode were slower.
        '--in-process-gpu',
        '--disable-site-isolation-trials',
        '--disable-features=site-per-process,IsolateOrigins,OptimizationHints,MediaRouter,Translate',
      ],
    }
  : {};

// The two-instance and database-outage tests need a PostgreSQL server (DATABASE_URL), as Vitest's postgres project does.
const needsPostgres = process.env.DATABASE_URL ? [] : ['instances.spec.ts', 'db-outage.spec.ts'];
// A phone as most pilgrims hold it: touch, the page laid out at the phone's width (meta viewport honoured).
const phone = (width: number, height: number) => ({ viewport: { width, height }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, launchOptions });

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // Two browsers on two cores. Three saved about two minutes of fifteen here (docs/TESTING.md) but
  // three tests then timed out once under the load; E2E_WORKERS=3 tries it on a larger machine.
  workers: Number(process.env.E2E_WORKERS) || 2,
  reporter: process.env.CI ? [['list']] : [['list']],
  // An assertion waits up to 10 s (Playwright's default is 5): on two loaded cores a page's data or a
  // service worker's notification has taken longer than 5 s to show (CI, 2026-11-27: two tests passed only on retry).
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    // A trace records every action's snapshots and the screencast: about a third of the browser's CPU. Kept for
    // the retry of a test that failed in CI (retries: 1), and for every failure elsewhere.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions,
  },
  projects: [
    { name: 'chromium', testIgnore: [...needsPostgres, 'phone-size.spec.ts'], use: { ...devices['Desktop Chrome'], launchOptions } },
    // Every route and wizard step at the two common narrow phone widths (issue 20, item 8).
    { name: 'phone-360', testMatch: 'phone-size.spec.ts', use: phone(360, 740) },
    { name: 'phone-390', testMatch: 'phone-size.spec.ts', use: phone(390, 844) },
  ],
  webServer: [
    {
      command: 'node e2e/fixtures/google-keys-server.mjs',
      env: { GOOGLE_KEYS_PORT: String(GOOGLE_KEYS_PORT) },
      url: `http://127.0.0.1:${GOOGLE_KEYS_PORT}/jwks.json`,
      reuseExistingServer: !process.env.CI && process.env.E2E_REUSE === '1',
      timeout: 10_000,
    },
    {
      // A fresh production build, served as `npm start` serves it (scripts/server.mjs), with its own data folder;
      // `npm test` builds once before its Playwright phases (E2E_BUILT=1) and each serves that build.
      command: process.env.E2E_BUILT === '1' ? 'node scripts/start.mjs' : 'node scripts/start.mjs --rebuild',
      // What the build reads (PORT, for the prerendered pages' origin) is set for `npm test`'s build phase too (scripts/test-all.mjs).
      env: {
        PORT: String(PORT),
        DATA_DIR: '.data/e2e',
        NEXT_TELEMETRY_DISABLED: '1',
        // One JSON line per API request would drown the test output: warnings and errors only.
        LOG_LEVEL: 'warn',
        OPS_API_KEY: E2E_OPS_KEY,
        // Every test registers from this machine's one address; the limit itself is tested in Vitest.
        REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000',
        // A pretend Firebase project, so the Google button shows; the tests route every
        // request to Google themselves (there is no internet here, and they must not need it).
        FIREBASE_API_KEY: 'test-api-key',
        FIREBASE_AUTH_DOMAIN: 'portal-test.firebaseapp.com',
        FIREBASE_PROJECT_ID: 'portal-test',
        FIREBASE_APP_ID: '1:1:web:1',
        FIREBASE_JWKS_URL: `http://127.0.0.1:${GOOGLE_KEYS_PORT}/jwks.json`,
      },
      url: `${BASE_URL}/api/build`,
      reuseExistingServer: !process.env.CI && process.env.E2E_REUSE === '1',
      // A production build; on a loaded two-core machine it has taken more than four minutes.
      timeout: 600_000,
      stdout: 'pipe',
    },
  ],
});
