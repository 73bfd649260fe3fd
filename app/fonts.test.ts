import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ARABIC_COMMON_RANGES,
  ARABIC_RANGES,
  ARABIC_WEIGHTS,
  ARABIC_WEIGHT_RANGES,
  LATIN_BASIC_RANGES,
  LATIN_RANGES,
  arabicCommonFaceFile,
  arabicFaceFile,
  interFace,
  interBasicFaceFile,
  interFaceFile,
  packageVersion,
  rangesMinus,
  subsetArabicFace,
  subsetInterBasic,
  unicodeRange,
} from '../scripts/subset-fonts.mjs';

// public/fonts holds what scripts/subset-fonts.mjs makes of @fontsource-variable/inter
// and @fontsource/ibm-plex-sans-arabic, named with the package's version
// (cached for a year by name): for each face a small cut that pages preload
// and the rest of the face, fetched only when a page needs it. An upgrade of a
// package must bring new files under the new name, and app/globals.css and the
// preloads must follow.
const root = process.cwd();
const files = readdirSync(path.join(root, 'public/fonts'));
const css = readFileSync(path.join(root, 'app/globals.css'), 'utf8');
const layout = readFileSync(path.join(root, 'app/[locale]/layout.tsx'), 'utf8');

/** The @font-face rule of a file in the stylesheet. */
function faceOf(file: string) {
  const at = css.indexOf(`/fonts/${file}`);
  expect(at, `app/globals.css names ${file}`).toBeGreaterThan(-1);
  const rest = css.slice(at);
  return rest.slice(0, rest.indexOf('}'));
}

const inRanges = (ranges: number[][], code: number) => ranges.some(([from, to]) => code >= from! && code <= to!);

/** Every character of the Arabic messages and pages, of the English ones, and of the Hijri months' names as the pages write them (ICU's). */
function portalText() {
  const texts = ['messages/ar.json', 'messages/en.json'].map((file) => readFileSync(path.join(root, file), 'utf8'));
  for (const locale of ['ar-EG', 'en-GB']) {
    const months = new Intl.DateTimeFormat(`${locale}-u-ca-islamic-umalqura`, { month: 'long', timeZone: 'UTC' });
    for (let day = 0; day < 365; day += 15) texts.push(months.format(new Date(Date.UTC(2026, 0, 1 + day))));
  }
  for (const locale of ['ar', 'en']) {
    for (const file of readdirSync(path.join(root, 'content', locale), { recursive: true, withFileTypes: true })) {
      if (file.isFile()) texts.push(readFileSync(path.join(file.parentPath, file.name), 'utf8'));
    }
  }
  return texts.join('\n');
}

describe('self-hosted fonts', () => {
  it('Inter: the installed package’s latin file, and the cut the pages preload', async () => {
    const inter = files.filter((file) => file.startsWith('inter-'));
    expect(inter.sort()).toEqual([interBasicFaceFile(), interFaceFile()].sort());
    expect(readFileSync(path.join(root, 'public/fonts', interFaceFile())).equals(interFace()), `${interFaceFile()} is a copy of the package's file`).toBe(true);
    expect(readFileSync(path.join(root, 'public/fonts', interBasicFaceFile())).equals(await subsetInterBasic()), 'up to date: run node scripts/subset-fonts.mjs').toBe(true);
    expect(faceOf(interBasicFaceFile())).toContain(`unicode-range: ${unicodeRange(LATIN_BASIC_RANGES)};`);
    expect(faceOf(interFaceFile())).toContain(`unicode-range: ${unicodeRange(rangesMinus(LATIN_RANGES, LATIN_BASIC_RANGES))};`);
  });

  it('the Arabic faces are what scripts/subset-fonts.mjs makes of the installed package, declared with their ranges', async () => {
    const arabic = files.filter((file) => !file.startsWith('inter-'));
    expect(arabic.sort()).toEqual(ARABIC_WEIGHTS.flatMap((weight) => [arabicCommonFaceFile(weight), arabicFaceFile(weight)]).sort());
    for (const weight of ARABIC_WEIGHTS) {
      for (const [file, ranges, declared] of [
        [arabicCommonFaceFile(weight), ARABIC_COMMON_RANGES, ARABIC_COMMON_RANGES],
        [arabicFaceFile(weight), ARABIC_RANGES, rangesMinus(ARABIC_RANGES, ARABIC_COMMON_RANGES)],
      ] as const) {
        const made = await subsetArabicFace(weight, ranges as [number, number][]);
        expect(readFileSync(path.join(root, 'public/fonts', file)).equals(made), `${file} is up to date: run node scripts/subset-fonts.mjs`).toBe(true);
        expect(faceOf(file), `the face of ${file} declares the ranges it is used for`).toContain(`unicode-range: ${unicodeRange(declared as [number, number][])};`);
        expect(faceOf(file)).toContain(`font-weight: ${ARABIC_WEIGHT_RANGES[weight]};`);
      }
    }
  });

  it('the two cuts of a face never claim the same character', () => {
    const rest = rangesMinus(ARABIC_RANGES, ARABIC_COMMON_RANGES);
    for (const [from, to] of ARABIC_COMMON_RANGES) for (let code = from; code <= to; code++) expect(inRanges(rest, code)).toBe(false);
    expect(unicodeRange(rangesMinus([[0x0600, 0x0605]], [[0x0602, 0x0603]]))).toBe('U+0600-0601, U+0604-0605');
  });

  it('the preloaded cuts hold every character the portal writes, so no page fetches the rest of a face', () => {
    const arabicScript = /\p{Script=Arabic}/u;
    const outside = new Set<string>();
    for (const char of portalText()) {
      const code = char.codePointAt(0)!;
      if (code < 0x20 || char === '\u00ad') continue;
      const covered = arabicScript.test(char) ? inRanges(ARABIC_COMMON_RANGES, code) : inRanges(LATIN_BASIC_RANGES, code) || inRanges(ARABIC_COMMON_RANGES, code);
      if (!covered) outside.add(`${char} U+${code.toString(16)}`);
    }
    expect([...outside]).toEqual([]);
  });

  it('each language preloads its cuts, and only them', () => {
    expect(layout).toContain(`'/fonts/${interBasicFaceFile()}'`);
    expect(layout).toContain(`/fonts/ibm-plex-sans-arabic-arabic-common-\${weight}-normal-${packageVersion()}.woff2`);
    expect(layout).toContain(`[${ARABIC_WEIGHTS.join(', ')}].map`);
    expect(layout).not.toContain(interFaceFile());
    expect(layout).not.toContain('arabic-core');
  });

  it('the Arabic fallback stands in for the Arabic face only, so Latin words on Arabic pages go on to Inter', () => {
    const at = css.indexOf("font-family: 'arabicFont Fallback'");
    expect(at).toBeGreaterThan(-1);
    const face = css.slice(at, css.indexOf('}', at));
    expect(face).toContain(`unicode-range: ${unicodeRange(ARABIC_RANGES)};`);
    // Inter comes after it in the Arabic stack.
    expect(css).toMatch(/--font-arabic: arabicFont, 'arabicFont Fallback';/);
    expect(css).toMatch(/font-family: var\(--font-arabic\), var\(--font-latin\)/);
  });

  it('the preloaded cuts are optional, so a page is laid out once, in its faces; the rest of each face swaps in', () => {
    const preloaded = [interBasicFaceFile(), ...ARABIC_WEIGHTS.map((weight) => arabicCommonFaceFile(weight))];
    const rest = [interFaceFile(), ...ARABIC_WEIGHTS.map((weight) => arabicFaceFile(weight))];
    for (const file of preloaded) expect(faceOf(file), file).toContain('font-display: optional;');
    for (const file of rest) expect(faceOf(file), file).toContain('font-display: swap;');
  });

  it('every font the stylesheet names is there', () => {
    const named = [...css.matchAll(/url\('\/fonts\/([^']+)'\)/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    for (const file of named) expect(files).toContain(file);
  });
});
