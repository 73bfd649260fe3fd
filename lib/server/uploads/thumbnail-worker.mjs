// Makes the small JPEG that stands for an uploaded document on the pilgrim's
// own pages (issue 40, item 3): an image shrunk, or a PDF's first page drawn.
// Runs in a worker thread under resourceLimits and a timeout (thumbnail.ts),
// never on the request's thread. Plain JavaScript: Node runs it as is in the
// tests, and Next.js bundles it as a worker entry, leaving pdf.js and
// @napi-rs/canvas in node_modules (serverExternalPackages in next.config.mjs):
// pdf.js finds its own fake worker there, and the canvas its native addon.
import { parentPort, workerData } from 'node:worker_threads';
import jpeg from 'jpeg-js';
import pngjs from 'pngjs';

/** @type {{ type: 'jpg' | 'png' | 'pdf', bytes: Uint8Array, side: number, quality: number, maxMemoryMb: number, maxPixels: number, fontsDir: string }} */
const { type, bytes, side, quality, maxMemoryMb, maxPixels, fontsDir } = workerData;

/** The size that fits inside side × side, never larger than the original. */
function fitted(width, height) {
  const scale = Math.min(1, side / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Averages each box of source pixels into one (sharper than sampling one pixel
 * of each box), over white where the picture is transparent: JPEG has no alpha.
 */
function shrink(source) {
  const { width, height } = fitted(source.width, source.height);
  const sums = new Float64Array(width * height * 4);
  const xScale = width / source.width;
  const yScale = height / source.height;
  for (let y = 0; y < source.height; y += 1) {
    const row = Math.min(height - 1, Math.floor(y * yScale)) * width;
    for (let x = 0; x < source.width; x += 1) {
      const from = (y * source.width + x) * 4;
      const to = (row + Math.min(width - 1, Math.floor(x * xScale))) * 4;
      const alpha = source.data[from + 3] / 255;
      sums[to] += source.data[from] * alpha + 255 * (1 - alpha);
      sums[to + 1] += source.data[from + 1] * alpha + 255 * (1 - alpha);
      sums[to + 2] += source.data[from + 2] * alpha + 255 * (1 - alpha);
      sums[to + 3] += 1;
    }
  }
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < sums.length; i += 4) {
    const count = sums[i + 3] || 1;
    data[i] = sums[i] / count;
    data[i + 1] = sums[i + 1] / count;
    data[i + 2] = sums[i + 2] / count;
    data[i + 3] = 255;
  }
  return { width, height, data };
}

/** The JPEG's EXIF orientation (1 to 8; 1 when it has none): phones store a photo sideways and say so here. */
function exifOrientation(buffer) {
  for (let offset = 2; offset + 4 < buffer.length; ) {
    if (buffer[offset] !== 0xff) return 1;
    const marker = buffer[offset + 1];
    const length = buffer.readUInt16BE(offset + 2);
    if (marker === 0xe1 && buffer.toString('latin1', offset + 4, offset + 10) === 'Exif\0\0') {
      const tiff = offset + 10;
      const little = buffer.toString('latin1', tiff, tiff + 2) === 'II';
      const u16 = (at) => (little ? buffer.readUInt16LE(at) : buffer.readUInt16BE(at));
      const u32 = (at) => (little ? buffer.readUInt32LE(at) : buffer.readUInt32BE(at));
      const ifd = tiff + u32(tiff + 4);
      const entries = u16(ifd);
      for (let i = 0; i < entries; i += 1) {
        const entry = ifd + 2 + i * 12;
        if (u16(entry) === 0x0112) return u16(entry + 8);
      }
      return 1;
    }
    if (marker === 0xda) return 1;
    offset += 2 + length;
  }
  return 1;
}

/** Turns the small picture as EXIF says (orientations 2-8 are mirrors and quarter turns). */
function oriented(image, orientation) {
  if (orientation <= 1 || orientation > 8) return image;
  const swap = orientation >= 5;
  const width = swap ? image.height : image.width;
  const height = swap ? image.width : image.height;
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < image.height; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      const [tx, ty] = {
        2: [image.width - 1 - x, y],
        3: [image.width - 1 - x, image.height - 1 - y],
        4: [x, image.height - 1 - y],
        5: [y, x],
        6: [image.height - 1 - y, x],
        7: [image.height - 1 - y, image.width - 1 - x],
        8: [y, image.width - 1 - x],
      }[orientation];
      image.data.copy(data, (ty * width + tx) * 4, (y * image.width + x) * 4, (y * image.width + x) * 4 + 4);
    }
  }
  return { width, height, data };
}

function fromImage(buffer) {
  if (type === 'jpg') {
    const decoded = jpeg.decode(buffer, { useTArray: true, tolerantDecoding: false, maxResolutionInMP: maxPixels / 1_000_000, maxMemoryUsageInMB: maxMemoryMb });
    return oriented(shrink(decoded), exifOrientation(buffer));
  }
  return shrink(pngjs.PNG.sync.read(buffer));
}

/** The first page, drawn on white at thumbnail size. */
async function fromPdf(buffer) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const { createCanvas } = await import('@napi-rs/canvas');
  const task = pdfjs.getDocument({ data: new Uint8Array(buffer), isEvalSupported: false, enableXfa: false, disableFontFace: true, standardFontDataUrl: fontsDir, verbosity: 0 });
  const pdf = await task.promise;
  const page = await pdf.getPage(1);
  const natural = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: Math.min(4, side / Math.max(natural.width, natural.height)) });
  const canvas = createCanvas(Math.max(1, Math.round(viewport.width)), Math.max(1, Math.round(viewport.height)));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas, canvasContext: context, viewport }).promise;
  const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
  await task.destroy();
  return { width: canvas.width, height: canvas.height, data: Buffer.from(data.buffer, data.byteOffset, data.byteLength) };
}

try {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const picture = type === 'pdf' ? await fromPdf(buffer) : fromImage(buffer);
  const encoded = jpeg.encode({ data: picture.data, width: picture.width, height: picture.height }, quality).data;
  parentPort.postMessage({ ok: true, jpeg: new Uint8Array(encoded), width: picture.width, height: picture.height });
} catch (error) {
  // Why, for the server's log: never the file's content.
  parentPort.postMessage({ ok: false, reason: String(error?.message ?? error).slice(0, 200) });
}
