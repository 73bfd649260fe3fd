// Makes the cut faces of public/fonts from @fontsource/ibm-plex-sans-arabic and
// @fontsource-variable/inter: `node scripts/subset-fonts.mjs` after an upgrade
// of either package. It prints the unicode-range of each face, which
// app/globals.css repeats; app/fonts.test.ts checks both.
//
// Every face a page preloads is in its first paint, and Lighthouse counts each
// byte of them in its simulated Largest Contentful Paint (issue 17). So each
// language preloads a small cut holding what its pages write, and the rest of
// the face comes, with the same ranges declared, only when a page holds one of
// its characters (a pilgrim's name in an Urdu letter, a word with an accent):
// - Arabic, per weight: the letters, marks, digits and punctuation of Arabic,
//   with the Persian and Urdu letters most names use (about 22 KB), preloaded;
//   and the Arabic block and its supplement whole (about 31 KB; fontsource's
//   file also has every presentation form: 43 to 46 KB), on demand;
// - Inter (variable): ASCII and the punctuation the messages use (about
//   28 KB), preloaded on both languages; the package's latin file (48 KB), on
//   demand.
// The shaping rules are kept (harfbuzz keeps every glyph the shaping of the
// kept characters needs), and Chromium shapes a word with its neighbours as
// context, so a word drawn from both cuts still joins.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import subsetFont from 'subset-font';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const ARABIC_PACKAGE = path.join(root, 'node_modules', '@fontsource', 'ibm-plex-sans-arabic');
const INTER_PACKAGE = path.join(root, 'node_modules', '@fontsource-variable', 'inter');

/**
 * The whole Arabic face: Arabic, Arabic Supplement, the joiners and direction
 * marks Arabic text uses, and the spaces and hyphen of fontsource's file
 * (spaces between Arabic words keep the face's own width).
 */
export const ARABIC_RANGES = [
  [0x0020, 0x0020],
  [0x00a0, 0x00a0],
  [0x0600, 0x06ff],
  [0x0750, 0x077f],
  [0x200c, 0x2010],
];

/**
 * What Arabic pages write, preloaded: Arabic's punctuation, letters, marks and
 * digits (to U+0671, alef wasla), the Persian and Urdu letters of most names
 * (پ چ ژ ک گ ی, ٹ ڈ ڑ ں ھ ہ ۃ ے ۓ), the full stop of Urdu, and the Persian
 * digits a pilgrim may type.
 */
export const ARABIC_COMMON_RANGES = [
  [0x0020, 0x0020],
  [0x00a0, 0x00a0],
  [0x0600, 0x0671],
  [0x0679, 0x0679],
  [0x067e, 0x067e],
  [0x0686, 0x0686],
  [0x0688, 0x0688],
  [0x0691, 0x0691],
  [0x0698, 0x0698],
  [0x06a9, 0x06a9],
  [0x06af, 0x06af],
  [0x06ba, 0x06ba],
  [0x06be, 0x06be],
  [0x06c1, 0x06c1],
  [0x06c3, 0x06c3],
  [0x06cc, 0x06cc],
  [0x06d2, 0x06d4],
  [0x06f0, 0x06f9],
  [0x200c, 0x2010],
];

/** The range of fontsource's latin file of Inter (its wght.css). */
export const LATIN_RANGES = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];

/**
 * What the pages write in Latin letters, preloaded: ASCII, the no-break
 * space, « » © · ×, the ʻ ʼ of the Hijri months' English names (Shaʻban,
 * Dhuʻl-Hijjah, as ICU writes them), and General Punctuation (dashes, quotes,
 * the ellipsis, the bidirectional isolates).
 */
export const LATIN_BASIC_RANGES = [
  [0x0020, 0x007e],
  [0x00a0, 0x00a0],
  [0x00a9, 0x00a9],
  [0x00ab, 0x00ab],
  [0x00b7, 0x00b7],
  [0x00bb, 0x00bb],
  [0x00d7, 0x00d7],
  [0x02bb, 0x02bc],
  [0x2000, 0x206f],
];

/**
 * The `font-weight` each Arabic face is declared for in app/globals.css:
 * Regular, and SemiBold, which also draws what the pages set bold (600 to
 * 700). Each weight an Arabic page preloads is in its first paint, and a third
 * face (Bold, 23 KB) made the simulated Largest Contentful Paint of /ar about
 * 0.2 s later and its score two points lower (issue 17;
 * docs/history/PERFORMANCE-FINDINGS.md).
 */
export const ARABIC_WEIGHT_RANGES = { 400: '400', 600: '600 700' };

/** The weight of each Arabic face's file, from the ranges above. */
export const ARABIC_WEIGHTS = Object.keys(ARABIC_WEIGHT_RANGES).map(Number);

/** The code points of `ranges` not in `minus`, as ranges. */
export function rangesMinus(ranges, minus) {
  const kept = [];
  for (const [from, to] of ranges) {
    let start = null;
    for (let code = from; code <= to + 1; code++) {
      const inside = code <= to && !minus.some(([a, b]) => code >= a && code <= b);
      if (inside && start === null) start = code;
      if (!inside && start !== null) {
        kept.push([start, code - 1]);
        start = null;
      }
    }
  }
  return kept;
}

/** Ranges as a CSS unicode-range value: U+0600-06FF, … */
export const unicodeRange = (ranges) => ranges.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(', ');
const hex = (n) => n.toString(16).toUpperCase().padStart(4, '0');

const textOf = (ranges) => {
  let text = '';
  for (const [from, to] of ranges) for (let code = from; code <= to; code++) text += String.fromCodePoint(code);
  return text;
};

export function packageVersion() {
  return JSON.parse(readFileSync(path.join(ARABIC_PACKAGE, 'package.json'), 'utf8')).version;
}

export function interVersion() {
  return JSON.parse(readFileSync(path.join(INTER_PACKAGE, 'package.json'), 'utf8')).version;
}

/** The public/fonts name of a weight's whole Arabic face: the package's version in it, as the other faces. */
export function arabicFaceFile(weight, version = packageVersion()) {
  return `ibm-plex-sans-arabic-arabic-core-${weight}-normal-${version}.woff2`;
}

/** The public/fonts name of a weight's preloaded Arabic cut. */
export function arabicCommonFaceFile(weight, version = packageVersion()) {
  return `ibm-plex-sans-arabic-arabic-common-${weight}-normal-${version}.woff2`;
}

/** The public/fonts names of Inter: the package's latin file, and its preloaded cut. */
export const interFaceFile = (version = interVersion()) => `inter-latin-wght-normal-${version}.woff2`;
export const interBasicFaceFile = (version = interVersion()) => `inter-basic-wght-normal-${version}.woff2`;

/** A weight's Arabic face cut to `ranges`. */
export async function subsetArabicFace(weight, ranges = ARABIC_RANGES) {
  const original = readFileSync(path.join(ARABIC_PACKAGE, 'files', `ibm-plex-sans-arabic-arabic-${weight}-normal.woff2`));
  return subsetFont(original, textOf(ranges), { targetFormat: 'woff2' });
}

/** Inter's latin file as the package has it. */
export const interFace = () => readFileSync(path.join(INTER_PACKAGE, 'files', 'inter-latin-wght-normal.woff2'));

/** Inter's latin file cut to LATIN_BASIC_RANGES, every weight kept (variable). */
export async function subsetInterBasic() {
  return subsetFont(interFace(), textOf(LATIN_BASIC_RANGES), { targetFormat: 'woff2' });
}

async function main() {
  const fonts = path.join(root, 'public', 'fonts');
  const wrote = (file, bytes) => {
    writeFileSync(path.join(fonts, file), bytes);
    console.log(`public/fonts/${file}: ${(bytes.length / 1024).toFixed(1)} KB`);
  };
  for (const weight of ARABIC_WEIGHTS) {
    wrote(arabicCommonFaceFile(weight), await subsetArabicFace(weight, ARABIC_COMMON_RANGES));
    wrote(arabicFaceFile(weight), await subsetArabicFace(weight));
  }
  wrote(interBasicFaceFile(), await subsetInterBasic());
  wrote(interFaceFile(), interFace());
  console.log(`Arabic, preloaded: unicode-range: ${unicodeRange(ARABIC_COMMON_RANGES)};`);
  console.log(`Arabic, the rest: unicode-range: ${unicodeRange(rangesMinus(ARABIC_RANGES, ARABIC_COMMON_RANGES))};`);
  console.log(`Inter, preloaded: unicode-range: ${unicodeRange(LATIN_BASIC_RANGES)};`);
  console.log(`Inter, the rest: unicode-range: ${unicodeRange(rangesMinus(LATIN_RANGES, LATIN_BASIC_RANGES))};`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
