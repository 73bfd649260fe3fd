import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARABIC_RANGES, ARABIC_WEIGHTS, arabicFaceFile, subsetArabicFace, unicodeRange } from '../scripts/subset-fonts.mjs';

// public/fonts holds a copy of Inter's @fontsource file and the Arabic faces
// scripts/subset-fonts.mjs cuts from @fontsource/ibm-plex-sans-arabic, named
// with the package's version (cached for a year by name). An upgrade of a
// package must bring new files under the new name, and app/globals.css and the
// preloads must follow.
const root = process.cwd();
const INTER = { prefix: 'inter-', dir: 'node_modules/@fontsource-variable/inter' };

describe('self-hosted fonts', () => {
  const files = readdirSync(path.join(root, 'public/fonts'));
  const css = readFileSync(path.join(root, 'app/globals.css'), 'utf8');

  it('Inter is the installed @fontsource file of the installed version, used by the stylesheet', () => {
    const inter = files.filter((file) => file.startsWith(INTER.prefix));
    expect(inter).toHaveLength(1);
    const { version } = JSON.parse(readFileSync(path.join(root, INTER.dir, 'package.json'), 'utf8')) as { version: string };
    const [file] = inter as [string];
    expect(file, 'named with the installed version').toMatch(new RegExp(`-${version.replaceAll('.', '\\.')}\\.woff2$`));
    const original = readFileSync(path.join(root, INTER.dir, 'files', file.replace(`-${version}.woff2`, '.woff2')));
    expect(readFileSync(path.join(root, 'public/fonts', file)).equals(original), `${file} is a copy of the package's file`).toBe(true);
    expect(css).toContain(`/fonts/${file}`);
  });

  it('the Arabic faces are what scripts/subset-fonts.mjs makes of the installed package, declared with its ranges', async () => {
    const arabic = files.filter((file) => !file.startsWith(INTER.prefix));
    expect(arabic.sort()).toEqual(ARABIC_WEIGHTS.map((weight) => arabicFaceFile(weight)).sort());
    for (const weight of ARABIC_WEIGHTS) {
      const file = arabicFaceFile(weight);
      const made = await subsetArabicFace(weight);
      expect(readFileSync(path.join(root, 'public/fonts', file)).equals(made), `${file} is up to date: run node scripts/subset-fonts.mjs`).toBe(true);
      const face = css.slice(css.indexOf(`/fonts/${file}`));
      expect(face.slice(0, face.indexOf('}')), `the face of ${file} declares the ranges it has`).toContain(`unicode-range: ${unicodeRange()};`);
    }
  });

  it('the Arabic ranges hold every Arabic character the portal writes', () => {
    const texts = [readFileSync(path.join(root, 'messages/ar.json'), 'utf8')];
    const content = path.join(root, 'content/ar');
    for (const file of readdirSync(content, { recursive: true, withFileTypes: true })) {
      if (file.isFile()) texts.push(readFileSync(path.join(file.parentPath, file.name), 'utf8'));
    }
    const arabicScript = /\p{Script=Arabic}/u;
    const outside = new Set<string>();
    for (const text of texts) {
      for (const char of text) {
        const code = char.codePointAt(0)!;
        if (arabicScript.test(char) && !ARABIC_RANGES.some(([from, to]) => code >= from && code <= to)) outside.add(char);
      }
    }
    expect([...outside]).toEqual([]);
  });

  it('every font the stylesheet names is there', () => {
    const named = [...css.matchAll(/url\('\/fonts\/([^']+)'\)/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    for (const file of named) expect(files).toContain(file);
  });
});
