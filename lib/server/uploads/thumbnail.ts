import 'server-only';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { IMAGE_LIMITS } from './image-header';
import { DEFAULT_DECODE_LIMITS } from './decode-image';

/** The longest side of a thumbnail, in pixels: twice the size it is shown at, for sharp phone screens. */
export const THUMBNAIL_SIDE = 240;
const QUALITY = 80;

export type ThumbnailOutcome = { ok: true; jpeg: Uint8Array; width: number; height: number } | { ok: false; reason: string };

// pdf.js's data for the 14 standard PDF fonts, read from node_modules: the
// server runs from the project folder, as receipt.ts expects for its fonts too.
const PDF_FONTS = path.join(process.cwd(), 'node_modules', 'pdfjs-dist', 'standard_fonts') + path.sep;

// One at a time per process, as the upload's decode (decode-image.ts): a page of
// 28 new thumbnails waits its turn instead of multiplying the memory.
let running: Promise<unknown> = Promise.resolve();

function run(type: 'jpg' | 'png' | 'pdf', bytes: Uint8Array): Promise<ThumbnailOutcome> {
  const limits = DEFAULT_DECODE_LIMITS;
  return new Promise((resolve) => {
    // `new URL(…, import.meta.url)` is the form Next.js bundles as a worker entry (as decode-image.ts).
    const worker = new Worker(new URL('./thumbnail-worker.mjs', import.meta.url), {
      workerData: { type, bytes, side: THUMBNAIL_SIDE, quality: QUALITY, maxPixels: IMAGE_LIMITS.maxPixels, maxMemoryMb: limits.maxMemoryMb, fontsDir: PDF_FONTS },
      resourceLimits: { maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb, maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (outcome: ThumbnailOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
      void worker.terminate();
    };
    const timer = setTimeout(() => finish({ ok: false, reason: 'timed out' }), limits.timeoutMs);
    worker.once('message', (message: ThumbnailOutcome) => finish(message));
    worker.once('error', (error) => finish({ ok: false, reason: error.message }));
    worker.once('exit', (code) => finish({ ok: false, reason: `worker exited (${code})` }));
  });
}

/**
 * A small JPEG of a stored document: the picture shrunk, or a PDF's first page.
 * `ok: false` when none can be drawn (a PDF pdf.js cannot read, say).
 */
export function makeThumbnail(type: 'jpg' | 'png' | 'pdf', bytes: Uint8Array): Promise<ThumbnailOutcome> {
  const next = running.then(() => run(type, bytes));
  running = next.catch(() => undefined);
  return next;
}
