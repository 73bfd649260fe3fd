import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import type { Font as KitFont, GlyphPosition } from '@pdf-lib/fontkit';
import {
  beginText,
  endText,
  PDFDocument,
  PDFHexString,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setFillingRgbColor,
  setFontAndSize,
  setTextMatrix,
  showText,
  type PDFFont,
  type PDFName,
  type PDFOperator,
  type PDFPage,
  type RGB,
} from 'pdf-lib';
import { getDb } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/http/errors';
import { findRequestType } from '@/lib/server/requests/request-types';
import { ownRequest, pilgrimsOf } from '@/lib/server/requests/request-rows';
import { formatHijri, gregorianToHijri } from '@/lib/validation/hijri';
import { checkPayment } from './payments';
import { OFFICE_TIME_ZONE } from '@/lib/office/time-zone';
import { requestFormats } from '@/lib/requests/formats';
import { pageDigits } from '@/lib/i18n/digits';

/*
 * The payment receipt: one A4 page, English on the left and Arabic on the
 * right. pdf-lib's own drawText ignores the positions fontkit computes (mark
 * offsets, kerning) and knows no direction, so text is laid out here: every
 * line is cut into runs of one direction and one font (a small bidi: Arabic
 * letters are right to left, Latin letters and digits left to right, spaces
 * and punctuation take the direction around them), each run is shaped by
 * fontkit (which joins Arabic letters and answers them in visual order), and
 * the glyphs are placed one by one where fontkit says.
 */

export const OFFICE = { en: 'Labbaik Pilgrim Services', ar: 'لبيك لخدمات الحجاج' } as const;

export type ReceiptDetails = {
  reference: string;
  service: { en: string; ar: string } | null;
  /** Applicant first; either name may be empty. */
  pilgrims: { latin: string; arabic: string }[];
  amountMinor: number;
  currency: string;
  status: 'paid' | 'refunded';
  paidAt: Date;
  refundedAt: Date | null;
  cardLast4: string | null;
  /** Paid at the office's counter: the number of the receipt handed over there (no card). */
  counterReceipt?: string | null;
  paymentId: string;
};

// ---------------------------------------------------------------- fonts

// IBM Plex Sans Arabic as @fontsource ships it: WOFF files split by script.
// The "latin" files are the Latin font, the "arabic" files the Arabic one.
const FONT_DIR = path.join(process.cwd(), 'node_modules', '@fontsource', 'ibm-plex-sans-arabic', 'files');
const FONT_FILES = {
  latin: 'ibm-plex-sans-arabic-latin-400-normal.woff',
  latinBold: 'ibm-plex-sans-arabic-latin-600-normal.woff',
  arabic: 'ibm-plex-sans-arabic-arabic-400-normal.woff',
  arabicBold: 'ibm-plex-sans-arabic-arabic-600-normal.woff',
} as const;
type FontName = keyof typeof FONT_FILES;
type LoadedFont = { bytes: Uint8Array; kit: KitFont };

let loadedFonts: Promise<Record<FontName, LoadedFont>> | undefined;

function loadFonts() {
  loadedFonts ??= (async () => {
    const entries = await Promise.all(
      (Object.keys(FONT_FILES) as FontName[]).map(async (name) => {
        const bytes = new Uint8Array(await readFile(path.join(FONT_DIR, FONT_FILES[name])));
        return [name, { bytes, kit: fontkit.create(bytes) }] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<FontName, LoadedFont>;
  })().catch((error: unknown) => {
    loadedFonts = undefined;
    throw error;
  });
  return loadedFonts;
}

/** A font embedded in the document, with fontkit's copy for shaping and measuring. */
type Face = { pdf: PDFFont; kit: KitFont; key?: PDFName };
/** One weight: its Latin and its Arabic face. */
type Style = { latin: Face; arabic: Face };

// ---------------------------------------------------------------- text layout

type Dir = 'ltr' | 'rtl';
/** A run of one direction and one face; `level` is odd for right-to-left (Unicode bidi levels). */
type Run = { text: string; face: Face; level: number };
/** A shaped run: its glyphs (fontkit ids) and their positions in visual order, left to right. */
type Piece = { face: Face; text: string; glyphs: number[]; positions: GlyphPosition[]; advance: number };

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
function layoutLine(text: string, style: Style, dir: Dir): { pieces: Piece[]; width: number } {
  const pieces = visualOrder(runsOf(text, style, dir)).map(shape);
  return { pieces, width: pieces.reduce((sum, piece) => sum + piece.advance, 0) };
}

// ---------------------------------------------------------------- drawing

type TextOptions = { size: number; style: Style; dir: Dir; color: RGB };

class Canvas {
  constructor(readonly page: PDFPage) {}

  /** Width in points of one line at a size. */
  width(text: string, style: Style, dir: Dir, size: number): number {
    return layoutLine(text, style, dir).width * size;
  }

  /** Draws one line, starting at `x` (left-aligned) or ending at `x` (right-aligned); `y` is the baseline. */
  text(text: string, x: number, y: number, { size, style, dir, color }: TextOptions, align: 'left' | 'right' = 'left') {
    const line = layoutLine(text, style, dir);
    let pen = align === 'right' ? x - line.width * size : x;
    const ops: PDFOperator[] = [pushGraphicsState(), setFillingRgbColor(color.red, color.green, color.blue), beginText()];
    for (const piece of line.pieces) {
      if (piece.glyphs.length === 0) continue;
      // Encoding the run puts its glyphs in the embedded subset; the glyph ids come back in fontkit's order.
      const ids = this.subsetIds(piece.face, piece.text);
      const scale = size / piece.face.kit.unitsPerEm;
      ops.push(setFontAndSize(this.key(piece.face), size));
      piece.glyphs.forEach((glyph, i) => {
        const position = piece.positions[i]!;
        const id = ids.get(glyph);
        if (id === undefined) throw new Error(`glyph ${glyph} is not in the subset`);
        ops.push(setTextMatrix(1, 0, 0, 1, pen + position.xOffset * scale, y + position.yOffset * scale));
        ops.push(showText(PDFHexString.of(id.toString(16).padStart(4, '0'))));
        pen += position.xAdvance * scale;
      });
    }
    ops.push(endText(), popGraphicsState());
    this.page.pushOperators(...ops);
  }

  /** The subset's glyph id of each glyph of a run (pdf-lib numbers the glyphs of its subset anew). */
  private subsetIds(face: Face, text: string): Map<number, number> {
    const encoded = face.pdf.encodeText(text).asString();
    const original = face.kit.layout(text).glyphs;
    if (encoded.length !== original.length * 4) throw new Error('pdf-lib and fontkit shaped a run differently');
    const ids = new Map<number, number>();
    original.forEach((glyph, i) => ids.set(glyph.id, parseInt(encoded.slice(i * 4, i * 4 + 4), 16)));
    return ids;
  }

  private key(face: Face): PDFName {
    face.key ??= this.page.node.newFontDictionary(face.pdf.name, face.pdf.ref);
    return face.key;
  }

  /** Splits text into lines no wider than `width`, at spaces. */
  wrap(text: string, width: number, style: Style, dir: Dir, size: number): string[] {
    const lines: string[] = [];
    let current = '';
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const candidate = current ? `${current} ${word}` : word;
      if (current && this.width(candidate, style, dir, size) > width) {
        lines.push(current);
        current = word;
      } else current = candidate;
    }
    if (current) lines.push(current);
    return lines.length ? lines : [''];
  }

  /** The largest size up to `size` at which the line (one long word) fits `width`. */
  fit(text: string, width: number, style: Style, dir: Dir, size: number, smallest = 3): number {
    const natural = this.width(text, style, dir, size);
    return natural <= width ? size : Math.max(smallest, Math.floor((size * width * 10) / natural) / 10);
  }

  rect(x: number, y: number, width: number, height: number, color: RGB) {
    this.page.drawRectangle({ x, y, width, height, color });
  }

  line(x1: number, y1: number, x2: number, y2: number, color: RGB, thickness = 0.75) {
    this.page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, color, thickness });
  }
}

// ---------------------------------------------------------------- words

const HIJRI_MONTHS = {
  en: ['Muharram', 'Safar', "Rabi' al-Awwal", "Rabi' al-Thani", 'Jumada al-Ula', 'Jumada al-Akhirah', 'Rajab', "Sha'ban", 'Ramadan', 'Shawwal', "Dhu al-Qa'dah", 'Dhu al-Hijjah'],
  ar: ['محرم', 'صفر', 'ربيع الأول', 'ربيع الآخر', 'جمادى الأولى', 'جمادى الآخرة', 'رجب', 'شعبان', 'رمضان', 'شوال', 'ذو القعدة', 'ذو الحجة'],
};
const GREGORIAN_MONTHS = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  ar: ['يناير', 'فبراير', 'مارس', 'أبريل', 'مايو', 'يونيو', 'يوليو', 'أغسطس', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'],
};

const riyadh = new Intl.DateTimeFormat('en-CA', {
  timeZone: OFFICE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The Arabic column's numbers in Arabic-Indic digits, as the Arabic pages write them (identifiers stay as they are). */
const arabicDigits = (text: string) => pageDigits(text, 'ar');

/** A moment as the office sees it (Riyadh time), in both calendars; the Arabic in Arabic-Indic digits. */
function dates(moment: Date) {
  const parts = Object.fromEntries(riyadh.formatToParts(moment).map((part) => [part.type, part.value]));
  const iso = `${parts.year}-${parts.month}-${parts.day}`;
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const hijri = gregorianToHijri(iso);
  return {
    iso,
    time: `${parts.hour}:${parts.minute}`,
    hijriNumeric: formatHijri(hijri),
    hijriNumericAr: arabicDigits(formatHijri(hijri)),
    timeAr: arabicDigits(`${parts.hour}:${parts.minute}`),
    hijri: { en: `${hijri.day} ${HIJRI_MONTHS.en[hijri.month - 1]} ${hijri.year} AH`, ar: arabicDigits(`${hijri.day} ${HIJRI_MONTHS.ar[hijri.month - 1]} ${hijri.year} هـ`) },
    gregorian: { en: `${day} ${GREGORIAN_MONTHS.en[month - 1]} ${year}`, ar: arabicDigits(`${day} ${GREGORIAN_MONTHS.ar[month - 1]} ${year}م`) },
  };
}

function money(amountMinor: number, currency: string) {
  let digits = 2;
  try {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // An unknown code: two decimals.
  }
  const number = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amountMinor / 10 ** digits);
  // The Arabic as the pages write it (one formatter: requestFormats), the riyal in words.
  return { en: `${currency} ${number}`, ar: requestFormats('ar', OFFICE_TIME_ZONE).money(amountMinor, currency) };
}

// ---------------------------------------------------------------- the page

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const GUTTER = 32;
const COLUMN = (A4.width - 2 * MARGIN - GUTTER) / 2;
const LEFT = MARGIN;
const RIGHT = A4.width - MARGIN;

const hex = (value: string) => rgb(parseInt(value.slice(1, 3), 16) / 255, parseInt(value.slice(3, 5), 16) / 255, parseInt(value.slice(5, 7), 16) / 255);
const COLORS = {
  brand: hex('#114331'),
  brandLight: hex('#d9ede3'),
  ink: hex('#1b1f24'),
  muted: hex('#5b6470'),
  rule: hex('#d5dbe0'),
  white: rgb(1, 1, 1),
  paid: { background: hex('#d9ede3'), text: hex('#114331') },
  refunded: { background: hex('#fbeccb'), text: hex('#7a4b00') },
};

/** One value line of a row: its text and its direction (numbers and references are always left to right). */
type Value = { text: string; dir: Dir; kind?: 'name' | 'id' };
type Row = { en: string; ar: string; left: Value[]; right: Value[] };

/** Sizes and spacing of the rows, from the most airy to the tightest. */
type Density = { value: number; name: number; id: number; labelGap: number; lead: number; rowGap: number };
const DENSITIES: Density[] = [
  { value: 11.5, name: 11.5, id: 10, labelGap: 18, lead: 5, rowGap: 16 },
  { value: 11, name: 10, id: 9.5, labelGap: 16, lead: 4, rowGap: 12 },
  { value: 10.5, name: 9, id: 9, labelGap: 15, lead: 3, rowGap: 9 },
  { value: 10, name: 7.5, id: 8.5, labelGap: 14, lead: 2, rowGap: 7 },
  { value: 9, name: 6.5, id: 8, labelGap: 12, lead: 1.5, rowGap: 5 },
];

type Label = (text: string, x: number, at: number, dir: Dir) => void;

/** Draws the rows from `top` down (or only measures them), answering where they end. */
function drawRows(canvas: Canvas, rows: Row[], top: number, density: Density, style: Style, label: Label, draw: boolean): number {
  let y = top;
  for (const row of rows) {
    if (draw) {
      label(row.en, LEFT, y, 'ltr');
      label(row.ar, RIGHT, y, 'rtl');
    }
    // Values go in pairs (a pilgrim's Latin and Arabic name side by side), each pair as tall as its longer side.
    let at = y - density.labelGap;
    for (let i = 0; i < Math.max(row.left.length, row.right.length); i++) {
      let lowest = at;
      for (const [value, side] of [[row.left[i], 'left'], [row.right[i], 'right']] as const) {
        if (!value) continue;
        const size = value.kind === 'name' ? density.name : value.kind === 'id' ? density.id : density.value;
        let line = at;
        for (const text of canvas.wrap(value.text, COLUMN, style, value.dir, size)) {
          if (draw) {
            const options = { size: canvas.fit(text, COLUMN, style, value.dir, size), style, dir: value.dir, color: COLORS.ink };
            if (side === 'left') canvas.text(text, LEFT, line, options);
            else canvas.text(text, RIGHT, line, options, 'right');
          }
          line -= size + density.lead;
        }
        lowest = Math.min(lowest, line);
      }
      at = lowest;
    }
    y = at - density.rowGap;
  }
  return y;
}

/** The receipt as a PDF, from its details (no database: see receiptPdf). */
export async function renderReceipt(details: ReceiptDetails): Promise<Uint8Array> {
  const fonts = await loadFonts();
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const embed = async (name: FontName): Promise<Face> => ({ pdf: await doc.embedFont(fonts[name].bytes, { subset: true }), kit: fonts[name].kit });
  const regular: Style = { latin: await embed('latin'), arabic: await embed('arabic') };
  const bold: Style = { latin: await embed('latinBold'), arabic: await embed('arabicBold') };

  const page = doc.addPage([A4.width, A4.height]);
  const canvas = new Canvas(page);
  const amount = money(details.amountMinor, details.currency);
  const paid = dates(details.paidAt);
  const refunded = details.refundedAt ? dates(details.refundedAt) : null;
  const status = details.status === 'refunded' ? { en: 'Refunded', ar: 'مسترد', colors: COLORS.refunded } : { en: 'Paid', ar: 'مدفوع', colors: COLORS.paid };

  // The header band: office and title, English left, Arabic right.
  const bandHeight = 104;
  canvas.rect(0, A4.height - bandHeight, A4.width, bandHeight, COLORS.brand);
  const officeSize = 17;
  canvas.text(OFFICE.en, LEFT, A4.height - 50, { size: officeSize, style: bold, dir: 'ltr', color: COLORS.white });
  canvas.text(OFFICE.ar, RIGHT, A4.height - 50, { size: officeSize, style: bold, dir: 'rtl', color: COLORS.white }, 'right');
  canvas.text('Payment receipt', LEFT, A4.height - 76, { size: 12, style: regular, dir: 'ltr', color: COLORS.brandLight });
  canvas.text('إيصال دفع', RIGHT, A4.height - 76, { size: 12, style: regular, dir: 'rtl', color: COLORS.brandLight }, 'right');

  // The amount and the status.
  let y = A4.height - bandHeight - 40;
  const label = (text: string, x: number, at: number, dir: Dir) =>
    canvas.text(text, x, at, { size: 9, style: regular, dir, color: COLORS.muted }, dir === 'rtl' ? 'right' : 'left');
  label('Amount paid', LEFT, y, 'ltr');
  label('المبلغ المدفوع', RIGHT, y, 'rtl');
  y -= 28;
  const amountSize = Math.min(canvas.fit(amount.en, COLUMN, bold, 'ltr', 22), canvas.fit(amount.ar, COLUMN, bold, 'rtl', 22));
  canvas.text(amount.en, LEFT, y, { size: amountSize, style: bold, dir: 'ltr', color: COLORS.ink });
  canvas.text(amount.ar, RIGHT, y, { size: amountSize, style: bold, dir: 'rtl', color: COLORS.ink }, 'right');
  y -= 30;
  const pill = (text: string, x: number, dir: Dir) => {
    const size = 10;
    const width = canvas.width(text, bold, dir, size) + 20;
    const left = dir === 'rtl' ? x - width : x;
    canvas.rect(left, y - 6, width, 20, status.colors.background);
    canvas.text(text, left + 10, y, { size, style: bold, dir, color: status.colors.text });
  };
  pill(status.en, LEFT, 'ltr');
  pill(status.ar, RIGHT, 'rtl');
  y -= 26;
  canvas.line(LEFT, y, RIGHT, y, COLORS.rule);
  const tableTop = y;
  y -= 26;

  // The details, one row per field, the two columns side by side.
  const rows: Row[] = [
    { en: 'Request reference', ar: 'رقم الطلب', left: [{ text: details.reference, dir: 'ltr' }], right: [{ text: details.reference, dir: 'ltr' }] },
    ...(details.service
      ? [{ en: 'Service', ar: 'الخدمة', left: [{ text: details.service.en, dir: 'ltr' as const }], right: [{ text: details.service.ar, dir: 'rtl' as const }] }]
      : []),
    {
      en: details.pilgrims.length === 1 ? 'Pilgrim' : 'Pilgrims',
      ar: details.pilgrims.length === 1 ? 'الحاج' : 'الحجاج',
      left: details.pilgrims.map((p) => ({ text: p.latin || p.arabic, dir: 'ltr' as const, kind: 'name' as const })),
      right: details.pilgrims.map((p) => ({ text: p.arabic || p.latin, dir: 'rtl' as const, kind: 'name' as const })),
    },
    {
      en: 'Payment date (Hijri, Umm al-Qura)',
      ar: 'تاريخ الدفع الهجري (أم القرى)',
      left: [
        { text: paid.hijri.en, dir: 'ltr' },
        { text: paid.hijriNumeric, dir: 'ltr' },
      ],
      right: [
        { text: paid.hijri.ar, dir: 'rtl' },
        { text: paid.hijriNumericAr, dir: 'ltr' },
      ],
    },
    {
      en: 'Payment date (Gregorian)',
      ar: 'تاريخ الدفع الميلادي',
      left: [{ text: `${paid.gregorian.en}, ${paid.time} (Riyadh time)`, dir: 'ltr' }],
      right: [{ text: `${paid.gregorian.ar}، الساعة ${paid.timeAr} بتوقيت الرياض`, dir: 'rtl' }],
    },
    ...(refunded
      ? [
          {
            en: 'Refunded on',
            ar: 'تاريخ الاسترداد',
            // A comma, not "·", between the calendars (docs/DIGITS.md).
            left: [{ text: `${refunded.hijriNumeric} AH, ${refunded.gregorian.en}`, dir: 'ltr' as const }],
            right: [{ text: `${refunded.hijriNumericAr} هـ، ${refunded.gregorian.ar}`, dir: 'rtl' as const }],
          },
        ]
      : []),
    details.counterReceipt
      ? {
          en: 'Paid at the office counter: receipt number',
          ar: 'دُفع في شباك المكتب: رقم الإيصال',
          left: [{ text: details.counterReceipt, dir: 'ltr' }],
          right: [{ text: details.counterReceipt, dir: 'ltr' }],
        }
      : {
          en: 'Card',
          ar: 'البطاقة',
          left: [{ text: details.cardLast4 ? `•••• ${details.cardLast4}` : '—', dir: 'ltr' }],
          right: [{ text: details.cardLast4 ? `•••• ${details.cardLast4}` : '—', dir: 'ltr' }],
        },
    { en: 'Payment ID', ar: 'رقم عملية الدفع', left: [{ text: details.paymentId, dir: 'ltr', kind: 'id' }], right: [{ text: details.paymentId, dir: 'ltr', kind: 'id' }] },
  ];

  // As airy as the page allows: fourteen pilgrims and a refund still fit, set tighter.
  const footerTop = MARGIN + 28;
  const density = DENSITIES.find((d) => drawRows(canvas, rows, y, d, regular, label, false) >= footerTop + 8) ?? DENSITIES.at(-1)!;
  y = drawRows(canvas, rows, y, density, regular, label, true);

  // A rule between the columns, and the footer.
  canvas.line(A4.width / 2, tableTop - 12, A4.width / 2, y + density.rowGap + 4, COLORS.rule);
  canvas.line(LEFT, footerTop, RIGHT, footerTop, COLORS.rule);
  const note = { size: 8.5, style: regular, color: COLORS.muted };
  canvas.text('Issued electronically; valid without a signature.', LEFT, MARGIN + 10, { ...note, dir: 'ltr' });
  canvas.text('صدر هذا الإيصال إلكترونيًا وهو معتمد دون توقيع.', RIGHT, MARGIN + 10, { ...note, dir: 'rtl' }, 'right');

  doc.setTitle(`Payment receipt ${details.reference} – ${OFFICE.en}`);
  doc.setAuthor(OFFICE.en);
  doc.setCreator(OFFICE.en);
  doc.setSubject(
    `Payment receipt ${details.reference}: ${amount.en} ${status.en.toLowerCase()} on ${paid.hijriNumeric} AH (${paid.iso}), payment ${details.paymentId}`,
  );
  doc.setKeywords([details.reference, amount.en, paid.hijriNumeric, paid.iso, details.paymentId, status.en]);
  return doc.save();
}

// ---------------------------------------------------------------- from the database

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

function pilgrimNames(data: Record<string, unknown>): ReceiptDetails['pilgrims'] {
  const companions = Array.isArray(data.companions) ? (data.companions as unknown[]) : [];
  return pilgrimsOf(data)
    .map((key) => {
      const pilgrim = (key === 'applicant' ? data.applicant : companions[Number(key.slice('companion-'.length))]) as Record<string, unknown> | undefined;
      return { latin: text(pilgrim?.name_latin), arabic: text(pilgrim?.name_ar) };
    })
    .filter((p) => p.latin || p.arabic);
}

/**
 * The receipt of a payment, for its owner only (another user's payment does
 * not exist for them: 404), once it is paid or refunded (otherwise 409).
 */
export async function receiptPdf(userId: string, paymentId: string): Promise<{ bytes: Uint8Array; fileName: string }> {
  const payment = await checkPayment(userId, paymentId);
  if (payment.status !== 'paid' && payment.status !== 'refunded') throw new ApiError('conflict');
  const db = await getDb();
  const request = await ownRequest(db, userId, payment.requestId);
  const type = await findRequestType(request.typeId, db);
  const reference = request.reference ?? request.id;
  const bytes = await renderReceipt({
    reference,
    service: type ? { en: type.nameEn, ar: type.nameAr } : null,
    pilgrims: pilgrimNames(request.data),
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    status: payment.status as ReceiptDetails['status'],
    paidAt: payment.paidAt ?? payment.updatedAt,
    refundedAt: payment.refundedAt,
    cardLast4: payment.cardLast4,
    counterReceipt: payment.provider === 'counter' ? payment.receiptNumber : null,
    paymentId: payment.id,
  });
  return { bytes, fileName: `receipt-${reference}.pdf` };
}
