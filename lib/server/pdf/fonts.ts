import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import type { Font as KitFont } from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFName } from 'pdf-lib';

// The fonts of the portal's PDFs (the payment receipt): IBM Plex Sans Arabic, the site's own face.
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
export type Face = { pdf: PDFFont; kit: KitFont; key?: PDFName };
/** One weight: its Latin and its Arabic face. */
export type Style = { latin: Face; arabic: Face };


/** A new PDF with the two weights embedded (subset to the glyphs drawn). */
export async function documentWithFonts(): Promise<{ doc: PDFDocument; regular: Style; bold: Style }> {
  const fonts = await loadFonts();
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const embed = async (name: FontName): Promise<Face> => ({ pdf: await doc.embedFont(fonts[name].bytes, { subset: true }), kit: fonts[name].kit });
  return { doc, regular: { latin: await embed('latin'), arabic: await embed('arabic') }, bold: { latin: await embed('latinBold'), arabic: await embed('arabicBold') } };
}
