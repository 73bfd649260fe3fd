// Decodes one uploaded image in a worker thread, so that a costly picture
// neither blocks the server's requests nor takes its heap (the worker runs
// under resourceLimits). Plain JavaScript: Node runs it as is in the tests,
// and Next.js bundles it as a worker entry (see decode-image.ts).
import { parentPort, workerData } from 'node:worker_threads';
import zlib from 'node:zlib';
import jpeg from 'jpeg-js';
import pngjs from 'pngjs';

/** @type {{ type: 'jpg' | 'png', bytes: Uint8Array, maxPixels: number, maxMemoryMb: number }} */
const { type, bytes, maxPixels, maxMemoryMb } = workerData;

// Samples per pixel by PNG colour type (PNG spec 11.2.2).
const CHANNELS = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** The IDAT chunks' data, joined. */
function compressedData(buffer) {
  const parts = [];
  for (let offset = 8; offset + 12 <= buffer.length; ) {
    const length = buffer.readUInt32BE(offset);
    const name = buffer.toString('latin1', offset + 4, offset + 8);
    if (name === 'IDAT') parts.push(buffer.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  return Buffer.concat(parts);
}

// Adam7's seven passes (PNG spec 8.2): where each starts, and its step across and down.
const PASSES = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]];

/** How many bytes the header says the data inflates to: each row of each pass with its filter byte. */
function declaredDataLength(buffer) {
  const width = buffer.readUInt32BE(16);
  const height = buffer.readUInt32BE(20);
  const bitsPerPixel = buffer[24] * (CHANNELS[buffer[25]] ?? 4);
  const rows = (columns, lines) => (columns > 0 && lines > 0 ? (Math.ceil((columns * bitsPerPixel) / 8) + 1) * lines : 0);
  if (buffer[28] !== 1) return rows(width, height);
  return PASSES.reduce((sum, [x, y, dx, dy]) => sum + rows(Math.ceil((width - x) / dx), Math.ceil((height - y) / dy)), 0);
}

/** Inflates the data to count it, keeping none of it, and stops once past `limit`. */
async function inflatedLength(compressed, limit) {
  const inflate = zlib.createInflate();
  inflate.end(compressed);
  let length = 0;
  for await (const part of inflate) {
    length += part.length;
    if (length > limit) {
      inflate.destroy();
      break;
    }
  }
  return length;
}

/**
 * The data must hold the whole picture its header declares (issue 58, item
 * 7): pngjs draws rows the data lacks as black, so a 1000 × 1000 header over
 * 1 KB of data decoded. And pngjs inflates an interlaced PNG without an output
 * limit, so a small file could inflate to gigabytes outside the heap the
 * worker's limits cover: the data is inflated here first, no further than the
 * declared size allows.
 */
async function assertWholeAndBounded(buffer) {
  const declared = declaredDataLength(buffer);
  const length = await inflatedLength(compressedData(buffer), declared);
  // More than declared: pngjs reads no further when not interlaced; interlaced, it would inflate it all.
  if (length > declared && buffer[28] === 1) throw Object.assign(new RangeError('the data inflates past its declared size'), { code: 'ERR_BUFFER_TOO_LARGE' });
  if (length < declared) throw new Error(`truncated: ${length} of ${declared} bytes`);
}

async function decode() {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (type === 'jpg') {
    return jpeg.decode(buffer, {
      useTArray: true,
      // Tolerant decoding would accept a truncated file.
      tolerantDecoding: false,
      maxResolutionInMP: maxPixels / 1_000_000,
      maxMemoryUsageInMB: maxMemoryMb,
    });
  }
  await assertWholeAndBounded(buffer);
  return pngjs.PNG.sync.read(buffer);
}

// jpeg-js's budgets and zlib's output limit: the image is readable but asks too much.
const TOO_DEMANDING = /maxMemoryUsageInMB|maxResolutionInMP|ERR_BUFFER_TOO_LARGE|Cannot create a Buffer larger/;

try {
  const { width, height } = await decode();
  parentPort.postMessage(width > 0 && height > 0 ? { ok: true, width, height } : { ok: false, reason: 'unreadable' });
} catch (error) {
  const text = `${error?.code ?? ''} ${error?.message ?? ''}`;
  parentPort.postMessage({ ok: false, reason: TOO_DEMANDING.test(text) ? 'too_demanding' : 'unreadable' });
}
