import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

// The README's pictures of the signed-in screens, taken against the same
// production build as the browser tests (its server, mail and office key):
// `npx playwright test --config scripts/readme-screenshots/playwright.config.ts`.
// Not a test suite: nothing here is asserted beyond reaching each screen.
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'take.spec.ts',
  retries: 0,
  // The servers start from the repository's root, as in the browser tests.
  webServer: [base.webServer!].flat().map((server) => ({ ...server, cwd: path.resolve(__dirname, '../..') })),
  workers: 1,
  projects: [{ name: 'screenshots', use: { ...base.projects![0]!.use, viewport: { width: 1024, height: 800 } } }],
});
