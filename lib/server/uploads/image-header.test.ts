import { encode as encodeJpeg } from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { declaredDimensions, withinImageLimits } from './image-header';

const SOI = [0xff, 0xd8];
const app0 = [0xff, 0xe0, 0x00, 0x06, 0x4a, 0x46, 0x49, 0x46]; // APP0, 4 bytes of payload
const sof2 = (width: number, height: number) => [0xff, 0xc2, 0x00, 0x0b, 8, height >> 8, height & 255, width >> 8, width & 255, 1, 1, 0x11, 0];
const sos = [0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 63, 0];

describe('declaredDimensions', () => {
  it('reads a PNG\'s IHDR and a JPEG\'s frame header', () => {
    const png = new PNG({ width: 40, height: 30 });
    expect(declaredDimensions('png', new Uint8Array(PNG.sync.write(png)))).toEqual({ width: 40, height: 30, interlaced: false });
    const jpeg = encodeJpeg({ width: 24, height: 32, data: new Uint8Array(24 * 32 * 4) }, 50).data;
    expect(declaredDimensions('jpg', new Uint8Array(jpeg))).toEqual({ width: 24, height: 32 });
  });

  it('walks JPEG segments and fill bytes to a progressive frame header', () => {
    const bytes = Uint8Array.from([...SOI, ...app0, 0xff, 0xff, ...sof2(5000, 4000), ...sos]);
    expect(declaredDimensions('jpg', bytes)).toEqual({ width: 5000, height: 4000 });
  });

  it.each([
    ['a JPEG whose scan comes before any frame header', 'jpg', [...SOI, ...app0, ...sos, ...sof2(10, 10)]],
    ['a JPEG cut inside its frame header', 'jpg', [...SOI, ...sof2(10, 10).slice(0, 6)]],
    ['a JPEG with a zero height (defined later by DNL)', 'jpg', [...SOI, ...sof2(10, 0)]],
    ['a PNG whose first chunk is not IHDR', 'png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, ...Buffer.from('tEXt'), ...new Array(21).fill(1)]],
    ['a PNG too short for its IHDR', 'png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]],
  ] as const)('finds nothing in %s', (_, type, bytes) => {
    expect(declaredDimensions(type, Uint8Array.from(bytes))).toBeNull();
  });
});

describe('withinImageLimits', () => {
  it('takes up to 12.5 megapixels and 6000 pixels a side', () => {
    expect(withinImageLimits({ width: 4032, height: 3024 })).toBe(true);
    expect(withinImageLimits({ width: 6000, height: 2000 })).toBe(true);
    expect(withinImageLimits({ width: 6001, height: 10 })).toBe(false);
    expect(withinImageLimits({ width: 3600, height: 3500 })).toBe(false);
  });
});
