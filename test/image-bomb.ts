import { createDeflate, crc32 } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A valid PNG of `width` × `height` black RGBA pixels: zeros compress about a
 * thousand to one, so 6000 × 6600 (the bomb, 158 MB decoded) is about
 * 154 KB. Deflated row by row, so the test never holds the decoded size.
 * `interlaced` and `dataRows` make a PNG whose data inflates past what its
 * header declares, or short of it; `interlaced` alone, a whole Adam7 PNG.
 */
export async function pngBomb(
  width = 6000,
  height = 6600,
  { interlaced = false, dataRows = height }: { interlaced?: boolean; dataRows?: number } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  // One filter byte (none) and four zero bytes a pixel.
  const row = Buffer.alloc(1 + width * 4);
  // Adam7's seven passes each have their own rows, each with its filter byte (PNG spec 8.2).
  const passes = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]];
  const passRows = (x: number, y: number, dx: number, dy: number) => (width > x && height > y ? (1 + Math.ceil((width - x) / dx) * 4) * Math.ceil((height - y) / dy) : 0);
  let left = interlaced && dataRows === height ? passes.reduce((sum, [x, y, dx, dy]) => sum + passRows(x!, y!, dx!, dy!), 0) : dataRows * row.length;
  while (left > 0) {
    const part = left >= row.length ? row : row.subarray(0, left);
    left -= part.length;
    if (!deflate.write(part)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, interlaced ? 1 : 0], 8); // 8 bits, RGBA, deflate, adaptive filters, Adam7 or not
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', Buffer.concat(parts)), chunk('IEND', Buffer.alloc(0))]),
  );
}
