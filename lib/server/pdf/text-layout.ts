import 'server-only';
import type { GlyphPosition } from '@pdf-lib/fontkit';
import type { Face, Style } from './fonts';

/*
 * Text laid out for a PDF page. pdf-lib's own drawText ignores the positions
 * fontkit computes (mark offsets, kerning) and knows no direction, so every
 * line is cut here into runs of one direction and one font (a small bidi:
 * Arabic letters are right to left, Latin letters and digits left to right,
 * spaces and punctuation take the direction around them), each run is shaped
 * by fontkit (which joins Arabic letters and answers them in visual order),
 * and canvas.ts places the glyphs one by one where fontkit says. bidi-js was
 * weighed: it gives levels and reordering but neither the font per run nor the
 * shaping, which are most of this file, and the receipt's lines are one
 * paragraph each (a name, a reference, an amount).
 */

export type Dir = 'ltr' | 'rtl';
/** A run of one direction and one face; `level` is odd for right-to-left (Unicode bidi levels). */
type Run = { text: string; face: Face; level: number };
/** A shaped run: its glyphs (fontkit ids) and their positions in visual order, left to right. */
export type Piece = { face: Face; text: string; glyphs: number[]; positions: GlyphPosition[]; advance: number };

const ARABIC_LETTER = /[\u0600-\u065F\u066A-\u06EF\u06FA-\u06FF\u0750-\u077F\u0870-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/u;
const STRONG = /[\p{L}\p{N}]/u;
const MIRRORED: Record<string, string> = { '(': ')', ')': '(', '[': ']', ']': '[', '{': '}', '}': '{', '<': '>', '>': '<', '«': '»', '»': '«' };

// Arabic-Indic digits and their decimal and thousands separators (٫ ٬) are numbers: left to right, like Western
// digits (the Arabic column counts in them, docs/DIGITS.md); they lie inside the Arabic block, so they are tested first.
const ARABIC_NUMBER = /[\u0660-\u066C\u06F0-\u06F9]/u;

function strength(char: string): 'R' | 'L' | 'N' {
  if (ARABIC_NUMBER.test(char)) return 'L';
  if (ARABIC_LETTER.test(char)) return 'R';
  return STRONG.test(char) ? 'L' : 'N';
}

/** Cuts one line into runs: neutrals between two letters of one direction take it, others the paragraph's. */
function runsOf(text: string, style: Style, dir: Dir): Run[] {
  const chars = Array.from(text);
  const kinds = chars.map(strength);
  const paragraph = dir === 'rtl' ? 'R' : 'L';
  const resolved = kinds.map((kind, i) => {
    if (kind !== 'N') return kind;
    let before: string = paragraph;
    for (let j = i - 1; j >= 0; j--) if (kinds[j] !== 'N') { before = kinds[j]!; break; }
    let after: string = paragraph;
    for (let j = i + 1; j < kinds.length; j++) if (kinds[j] !== 'N') { after = kinds[j]!; break; }
    return before === after ? before : paragraph;
  });
  const runs: Run[] = [];
  chars.forEach((char, i) => {
    const rtl = resolved[i] === 'R';
    const code = char.codePointAt(0)!;
    // Arabic letters (and the spaces between them) in the Arabic face, everything else in the Latin one.
    const wantArabic = rtl ? style.arabic.kit.hasGlyphForCodePoint(code) : !style.latin.kit.hasGlyphForCodePoint(code);
    const face = wantArabic ? style.arabic : style.latin;
    const level = dir === 'rtl' ? (rtl ? 1 : 2) : rtl ? 1 : 0;
    const last = runs.at(-1);
    if (last && last.face === face && last.level === level) last.text += char;
    else runs.push({ text: char, face, level });
  });
  return runs;
}

/** The runs in visual order (rule L2 of the bidi algorithm: reverse from the highest level down). */
function visualOrder(runs: Run[]): Run[] {
  const ordered = [...runs];
  const highest = Math.max(0, ...ordered.map((run) => run.level));
  for (let level = highest; level >= 1; level--) {
    for (let i = 0; i < ordered.length; ) {
      if (ordered[i]!.level < level) { i++; continue; }
      let end = i;
      while (end < ordered.length && ordered[end]!.level >= level) end++;
      ordered.splice(i, end - i, ...ordered.slice(i, end).reverse());
      i = end;
    }
  }
  return ordered;
}

/** Shapes one run with fontkit; the glyphs come back left to right whatever the run's direction. */
function shape(run: Run): Piece {
  const rtl = run.level % 2 === 1;
  let text = run.text;
  let layout = run.face.kit.layout(text);
  // fontkit lays Arabic script out right to left (joined, in visual order); a right-to-left
  // run of anything else (spaces, punctuation) is mirrored and reversed here.
  const laidOutRtl = layout.direction === 'rtl';
  if (rtl && !laidOutRtl) {
    text = Array.from(text, (char) => MIRRORED[char] ?? char).join('');
    layout = run.face.kit.layout(text);
  }
  let glyphs = layout.glyphs.map((glyph) => glyph.id);
  let positions = [...layout.positions];
  if (rtl !== laidOutRtl) {
    glyphs = glyphs.reverse();
    positions = positions.reverse();
  }
  const advance = positions.reduce((sum, p) => sum + p.xAdvance, 0) / run.face.kit.unitsPerEm;
  return { face: run.face, text, glyphs, positions, advance };
}

/** One line laid out: its pieces left to right and its width at size 1. */
export function layoutLine(text: string, style: Style, dir: Dir): { pieces: Piece[]; width: number } {
  const pieces = visualOrder(runsOf(text, style, dir)).map(shape);
  return { pieces, width: pieces.reduce((sum, piece) => sum + piece.advance, 0) };
}

