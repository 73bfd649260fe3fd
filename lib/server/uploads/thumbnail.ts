import 'server-only';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { IMAGE_LIMITS } from './image-header';
import { DEFAULT_DECODE_LIMITS } from './decode-image';

/** The longest side of a thumbnail, in pixels: twice the size it is shown at, for sharp phone screens. */
export const THUMBNAIL_SIDE = 240;
const QUALITY = 80;

export type ThumbnailOutcome = { ok: true; jpeg: Uint8Array; width: number; height: number } | { ok: false };

// Started from the source folder, not bundled: pdf.js and @napi-rs/canvas are
// found beside it in node_modules (see the worker's own comment). The server
// runs from the project folder, as content-files.ts and receipt.ts expect too.
const WORKER = path.join(process.cwd(), 'lib', 'server', 'uploads', 'thumbnail-worker.mjs');

// One at a time per process, as the upload's decode (decode-image.ts): a page of
// 28 new thumbnails waits its turn instead of multiplying the memory.
let running: Promise<unknown> = Promise.resolve();

function run(type: 'jpg' | 'png' | 'pdf', bytes: Uint8Array): Promise<ThumbnailOutcome> {
  const limits = DEFAULT_DECODE_LIMITS;
  return new Promise((resolve) => {
    const worker = new Worker(WORKER, {
      workerData: { type, bytes, side: THUMBNAIL_SIDE, quality: QUALITY, maxPixels: IMAGE_LIMITS.maxPixels, maxMemoryMb: limits.maxMemoryMb },
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
    const timer = setTimeout(() => finish({ ok: false }), limits.timeoutMs);
    worker.once('message', (message: ThumbnailOutcome) => finish(message));
    worker.once('error', () => finish({ ok: false }));
    worker.once('exit', () => finish({ ok: false }));
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
