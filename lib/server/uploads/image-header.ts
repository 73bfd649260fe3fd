import 'server-only';

/**
 * The largest picture the portal decodes. A few compressed bytes can declare
 * an enormous image (a 154 KB PNG of 6000 × 6600 took 475 MB and 3 s to
 * decode), so the size is read from the header and refused before any decode.
 * 12.5 MP takes a 12 MP phone photo (4032 × 3024) and an A4 page scanned at
 * 300 dpi (2480 × 3508); a passport page at 600 dpi is about 6 MP. Decoding
 * that much costs jpeg-js about 420 MB (see decode-image.ts), so no more.
 */
export const IMAGE_LIMITS = { maxPixels: 12_500_000, maxSide: 6000 } as const;

export type Dimensions = { width: number; height: number; interlaced?: boolean };

export function withinImageLimits({ width, height }: Dimensions): boolean {
  return width <= IMAGE_LIMITS.maxSide && height <= IMAGE_LIMITS.maxSide && width * height <= IMAGE_LIMITS.maxPixels;
}

/** PNG: the IHDR chunk must come first (PNG spec 5.6); its width and height follow its type. */
function pngDimensions(bytes: Uint8Array): Dimensions | null {
  if (bytes.length < 33) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = String.fromCharCode(...bytes.subarray(12, 16));
  if (view.getUint32(8) !== 13 || type !== 'IHDR') return null;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  return width > 0 && height > 0 ? { width, height, interlaced: bytes[28] === 1 } : null;
}

// Start-of-frame markers (ITU T.81 table B.1): C0–CF except DHT (C4), JPG (C8) and DAC (CC).
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
// Markers without a length field: TEM, RST0–7, SOI, EOI.
const STANDALONE = new Set([0x01, 0xd0, 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9]);
const SOS = 0xda;

/** JPEG: walks the marker segments up to the first frame header; none before the scan is no image. */
function jpegDimensions(bytes: Uint8Array): Dimensions | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    // Fill bytes: any number of 0xFF may precede a marker.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (STANDALONE.has(marker)) {
      offset += 2;
      continue;
    }
    if (marker === SOS) return null;
    const length = view.getUint16(offset + 2);
    if (length < 2) return null;
    if (SOF.has(marker)) {
      if (offset + 9 > bytes.length) return null;
      const height = view.getUint16(offset + 5);
      const width = view.getUint16(offset + 7);
      // A height of 0 defers to a DNL marker after the scan: too rare in photos to be worth trusting.
      return width > 0 && height > 0 ? { width, height } : null;
    }
    offset += 2 + length;
  }
  return null;
}

/** The dimensions an image declares in its header, without decoding it; null when the header is unreadable. */
export function declaredDimensions(type: 'jpg' | 'png', bytes: Uint8Array): Dimensions | null {
  return type === 'png' ? pngDimensions(bytes) : jpegDimensions(bytes);
}
