// Makes the Arabic faces of public/fonts from @fontsource/ibm-plex-sans-arabic:
// `node scripts/subset-fonts.mjs` after an upgrade of the package.
//
// Fontsource's "arabic" files also carry the letters of Persian, Urdu and the
// extended blocks, and every presentation-form code point: 43 to 46 KB a
// weight, and Arabic pages load three weights before their first paint. Cut to
// the Arabic block and its supplement (every letter, digit, mark and
// punctuation the portal and its pilgrims write, the shaping rules kept), a
// weight weighs about 31 KB. The stylesheet declares the same ranges
// (unicode-range), so a character outside them is drawn by the next font of
// the stack instead of a missing glyph. app/fonts.test.ts checks the files are
// what this script makes from the installed package.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import subsetFont from 'subset-font';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const PACKAGE = path.join(root, 'node_modules', '@fontsource', 'ibm-plex-sans-arabic');

/**
 * Arabic, Arabic Supplement, the joiners and direction marks Arabic text uses,
 * and the spaces and hyphen of fontsource's file: spaces between Arabic words
 * keep the face's own width, so lines break where they did with the whole face.
 */
export const ARABIC_RANGES = [
  [0x0020, 0x0020],
  [0x00a0, 0x00a0],
  [0x0600, 0x06ff],
  [0x0750, 0x077f],
  [0x200c, 0x2010],
];
export const ARABIC_WEIGHTS = [400, 600, 700];

/** The ranges as a CSS unicode-range value: U+0600-06FF, … */
export const unicodeRange = () => ARABIC_RANGES.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(', ');
const hex = (n) => n.toString(16).toUpperCase().padStart(4, '0');

export function packageVersion() {
  return JSON.parse(readFileSync(path.join(PACKAGE, 'package.json'), 'utf8')).version;
}

/** The public/fonts name of a weight's face: the package's version in it, as the other faces. */
export function arabicFaceFile(weight, version = packageVersion()) {
  return `ibm-plex-sans-arabic-arabic-core-${weight}-normal-${version}.woff2`;
}

/** A weight's face cut to ARABIC_RANGES (harfbuzz keeps every glyph the shaping of those characters needs). */
export async function subsetArabicFace(weight) {
  const original = readFileSync(path.join(PACKAGE, 'files', `ibm-plex-sans-arabic-arabic-${weight}-normal.woff2`));
  let text = '';
  for (const [from, to] of ARABIC_RANGES) for (let code = from; code <= to; code++) text += String.fromCodePoint(code);
  return subsetFont(original, text, { targetFormat: 'woff2' });
}

async function main() {
  for (const weight of ARABIC_WEIGHTS) {
    const file = path.join(root, 'public', 'fonts', arabicFaceFile(weight));
    const face = await subsetArabicFace(weight);
    writeFileSync(file, face);
    console.log(`${path.relative(root, file)}: ${(face.length / 1024).toFixed(1)} KB`);
  }
  console.log(`unicode-range: ${unicodeRange()};`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
