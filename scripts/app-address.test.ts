import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appAddress } from './app-address.mjs';

// `npm run staff` once called localhost:3000 whatever the site's address (issue 41, item 9).
describe('where npm run staff and npm run ops find the app', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('is BASE_URL when given, else APP_URL, else localhost on PORT', () => {
    expect(appAddress({ BASE_URL: 'http://127.0.0.1:4000', APP_URL: 'https://hajj.example' })).toBe('http://127.0.0.1:4000');
    expect(appAddress({ APP_URL: 'https://hajj.example/', PORT: '4000' })).toBe('https://hajj.example');
    expect(appAddress({ PORT: '4000' })).toBe('http://localhost:4000');
    expect(appAddress({})).toBe('http://localhost:3000');
  });

  it('reads APP_URL from the app’s .env as next start does; the environment wins', () => {
    const dir = mkdtempSync(join(tmpdir(), 'app-env-'));
    dirs.push(dir);
    writeFileSync(join(dir, '.env'), 'APP_URL=https://hajj.example\nPORT=4000\n');
    // A command of its own, as npm runs it: the .env is read once, at its start.
    const script = `import { appAddress, loadAppEnv } from ${JSON.stringify(resolve('scripts/app-address.mjs'))}; loadAppEnv(${JSON.stringify(dir)}); console.log(appAddress(process.env));`;
    const address = (env: Record<string, string>) => execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: process.cwd(), env: { NODE_ENV: 'production', PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' }).trim();
    expect(address({})).toBe('https://hajj.example');
    expect(address({ APP_URL: 'https://umrah.example' })).toBe('https://umrah.example');
    expect(address({ BASE_URL: 'http://127.0.0.1:3000' })).toBe('http://127.0.0.1:3000');
  });
});
