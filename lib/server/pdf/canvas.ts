import 'server-only';
import {
  beginText,
  endText,
  PDFHexString,
  popGraphicsState,
  pushGraphicsState,
  setFillingRgbColor,
  setFontAndSize,
  setTextMatrix,
  showText,
  type PDFName,
  type PDFOperator,
  type PDFPage,
  type RGB,
} from 'pdf-lib';
import type { Face, Style } from './fonts';
import { layoutLine, type Dir } from './text-layout';

// One page of a PDF drawn with laid-out text (text-layout.ts): measured, wrapped, fitted and placed glyph by glyph.

export type TextOptions = { size: number; style: Style; dir: Dir; color: RGB };

export class Canvas {
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

