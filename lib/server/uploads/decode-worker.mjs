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

/**
 * pngjs inflates an interlaced PNG without an output limit, so a small file
 * could inflate to gigabytes outside the heap the worker's limits cover. The
 * data is inflated here first, no further than the declared size allows.
 */
function assertInflatedSizeBounded(buffer) {
  const width = buffer.readUInt32BE(16);
  const height = buffer.readUInt32BE(20);
  const bitsPerPixel = buffer[24] * (CHANNELS[buffer[25]] ?? 4);
  // Seven passes, each row with its filter byte: never more than this.
  const bound = (Math.ceil((width * bitsPerPixel) / 8) + 8) * height;
  zlib.inflateSync(compressedData(buffer), { maxOutputLength: bound });
}

function decode() {
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
  if (buffer[28] === 1) assertInflatedSizeBounded(buffer);
  return pngjs.PNG.sync.read(buffer);
}

// jpeg-js's budgets and zlib's output limit: the image is readable but asks too much.
const TOO_DEMANDING = /maxMemoryUsageInMB|maxResolutionInMP|ERR_BUFFER_TOO_LARGE|Cannot create a Buffer larger/;

try {
  const { width, height } = decode();
  parentPort.postMessage(width > 0 && height > 0 ? { ok: true, width, height } : { ok: false, reason: 'unreadable' });
} catch (error) {
  const text = `${error?.code ?? ''} ${error?.message ?? ''}`;
  parentPort.postMessage({ ok: false, reason: TOO_DEMANDING.test(text) ? 'too_demanding' : 'unreadable' });
}
