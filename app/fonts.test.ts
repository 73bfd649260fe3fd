import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// public/fonts holds copies of @fontsource files, named with the package's
// version (cached for a year by name). An upgrade of the package must bring new
// copies under the new name, and app/globals.css and the preloads must follow.
const root = process.cwd();
const PACKAGES = [
  { prefix: 'inter-', dir: 'node_modules/@fontsource-variable/inter' },
  { prefix: 'ibm-plex-sans-arabic-', dir: 'node_modules/@fontsource/ibm-plex-sans-arabic' },
];

describe('self-hosted fonts', () => {
  const files = readdirSync(path.join(root, 'public/fonts'));
  const css = readFileSync(path.join(root, 'app/globals.css'), 'utf8');

  it('are the installed @fontsource files of the installed version, each used by the stylesheet', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const source = PACKAGES.find((p) => file.startsWith(p.prefix));
      expect(source, file).toBeDefined();
      const { version } = JSON.parse(readFileSync(path.join(root, source!.dir, 'package.json'), 'utf8')) as { version: string };
      expect(file, 'named with the installed version').toMatch(new RegExp(`-${version.replaceAll('.', '\\.')}\\.woff2$`));
      const original = readFileSync(path.join(root, source!.dir, 'files', file.replace(`-${version}.woff2`, '.woff2')));
      expect(readFileSync(path.join(root, 'public/fonts', file)).equals(original), `${file} is a copy of the package's file`).toBe(true);
      expect(css, `app/globals.css uses ${file}`).toContain(`/fonts/${file}`);
    }
  });

  it('every font the stylesheet names is there', () => {
    const named = [...css.matchAll(/url\('\/fonts\/([^']+)'\)/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    for (const file of named) expect(files).toContain(file);
  });
});
