import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// What `npm install` takes must run on the Node the project declares (issue 37, item 9):
// a dependency that needs a newer Node installs with a warning and may fail at run time.
// The lockfile records each package's `engines` and whether it has an install script.
const require = createRequire(import.meta.url);
const semver = require('semver') as { satisfies(version: string, range: string): boolean; minVersion(range: string): { version: string } | null };
const root = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  allowScripts: Record<string, boolean>;
};
type Locked = { engines?: { node?: string } | string[]; hasInstallScript?: boolean };
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, Locked> };
const installed = Object.entries(lock.packages).filter(([where]) => where !== '');
const nameOf = (where: string) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);

describe('dependencies that fit the runtime', () => {
  it('declares the Node it runs on, and this Node is one of them', () => {
    expect(pkg.engines.node).toBeTruthy();
    expect(semver.satisfies(process.versions.node, pkg.engines.node)).toBe(true);
  });

  it('installs no package that refuses the oldest Node the project declares', () => {
    const oldest = semver.minVersion(pkg.engines.node)!.version;
    const misfits = installed
      .filter(([, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range !== undefined && !semver.satisfies(oldest, range);
      })
      .map(([where, entry]) => `${nameOf(where)} needs node ${(entry.engines as { node: string }).node}`);
    expect(misfits).toEqual([]);
  });

  it('names every package whose install script may run, allowed or not (npm 11 allowScripts)', () => {
    const unreviewed = installed.filter(([where, entry]) => entry.hasInstallScript && !(nameOf(where) in pkg.allowScripts)).map(([where]) => nameOf(where));
    expect(unreviewed).toEqual([]);
  });
});
