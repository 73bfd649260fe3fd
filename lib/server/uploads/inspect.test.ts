import { encode as encodeJpeg } from 'jpeg-js';
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/server/http/errors';
import { pngBomb } from '@/test/image-bomb';
import { decodeImage, setDecodeLimitsForTests } from './decode-image';
import { DOCUMENT_LIMITS, inspectDocument } from './inspect';

// The real decoder, watched: a refused header must never reach it.
vi.mock('./decode-image', async (original) => {
  const actual = await original<typeof import('./decode-image')>();
  return { ...actual, decodeImage: vi.fn(actual.decodeImage) };
});

const messages = {
  notAnImage: 'الملف ليس صورة صالحة.',
  tooLarge: ({ width, height }: { width: number; height: number }) => `too large: ${width} x ${height}`,
  tooDemanding: 'too demanding',
  tooBig: (maxKb: number) => `at most ${maxKb} KB`,
  wrongType: (types: readonly string[]) => `only ${types.join(', ')}`,
};

afterEach(() => {
  setDecodeLimitsForTests(null);
  vi.mocked(decodeImage).mockClear();
});

function png(width: number, height: number): Uint8Array {
  const image = new PNG({ width, height });
  image.data.fill(180);
  return new Uint8Array(PNG.sync.write(image));
}

function jpeg(width: number, height: number): Uint8Array {
  return jpegOf(width, height, () => 120);
}

function jpegOf(width: number, height: number, value: (i: number) => number): Uint8Array {
  const data = new Uint8Array(width * height * 4).map((_, i) => value(i));
  return new Uint8Array(encodeJpeg({ width, height, data }, 30).data);
}

const pdf = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);

function file(bytes: Uint8Array | string, name: string, type: string): File {
  return new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type });
}

/** The ApiError thrown, for its code and fields. */
async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('inspectDocument', () => {
  it('publishes the limits the checks use', () => {
    expect(DOCUMENT_LIMITS).toEqual({
      passport: { maxKb: 2048, types: ['pdf', 'jpg', 'png'] },
      photo: { maxKb: 1024, types: ['jpg', 'png'] },
    });
  });

  it('accepts a PDF passport scan', async () => {
    expect(await inspectDocument('passport', file(pdf, 'scan.pdf', 'application/pdf'), messages)).toEqual({
      mime: 'application/pdf',
      extension: 'pdf',
      size: pdf.length,
    });
  });

  it.each(['passport', 'photo'] as const)('accepts a PNG and a JPEG %s with their dimensions', async (kind) => {
    const pngBytes = png(40, 30);
    const jpegBytes = jpeg(24, 32);

    expect(await inspectDocument(kind, file(pngBytes, 'a.png', 'image/png'), messages)).toEqual({
      mime: 'image/png',
      extension: 'png',
      size: pngBytes.length,
      width: 40,
      height: 30,
    });
    expect(await inspectDocument(kind, file(jpegBytes, 'a.jpg', 'image/jpeg'), messages)).toEqual({
      mime: 'image/jpeg',
      extension: 'jpg',
      size: jpegBytes.length,
      width: 24,
      height: 32,
    });
  });

  it('judges by content, not by the name or declared type', async () => {
    const found = await inspectDocument('photo', file(png(5, 5), 'photo.pdf', 'application/pdf'), messages);
    expect(found).toMatchObject({ mime: 'image/png', extension: 'png' });
  });

  it('refuses a PDF as a photo (415)', async () => {
    const error = await refusal(inspectDocument('photo', file(pdf, 'photo.jpg', 'image/jpeg'), messages));
    expect([error.code, error.status]).toEqual(['unsupported_media_type', 415]);
  });

  it.each([
    ['a GIF', 'GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x00\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;'],
    ['an HTML page', '<!doctype html><html><body><script>alert(1)</script></body></html>'],
    ['a ZIP archive', 'PK\x03\x04\x14\x00\x00\x00\x00\x00'],
    ['an empty file', ''],
  ])('refuses %s named passport.png (415)', async (_, content) => {
    const error = await refusal(inspectDocument('passport', file(content, 'passport.png', 'image/png'), messages));
    expect([error.code, error.status]).toEqual(['unsupported_media_type', 415]);
  });

  it.each([
    ['a PNG signature followed by garbage', 'photo', Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new TextEncoder().encode('garbage, not chunks')])],
    ['a JPEG signature followed by garbage', 'photo', Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6, 7, 8, 9])],
    ['a truncated PNG', 'photo', png(40, 30).slice(0, -20)],
    ['a truncated JPEG', 'passport', jpeg(24, 32).slice(0, 200)],
  ] as const)('refuses %s with the given message (422)', async (_, kind, bytes) => {
    const error = await refusal(inspectDocument(kind, file(bytes, 'photo.png', 'image/png'), messages));
    expect([error.code, error.status]).toEqual(['validation_failed', 422]);
    expect(error.options.fields).toEqual({ file: [messages.notAnImage] });
  });

  // Issue 58, item 7: a header 1000 × 1000 with about 1 KB of data was stored (201); the decoder filled the rows it lacked.
  it('refuses an image whose header promises more than its data holds, with the corrupt image\'s message (422)', async () => {
    const promising = await pngBomb(1000, 1000, { dataRows: 3 });
    expect(promising.length).toBeLessThan(1200);
    const cutPng = png(300, 200);
    // The same PNG with the last of its rows missing: its data inflates to 190 of 200 rows, then IEND.
    const rows = await pngBomb(300, 200, { dataRows: 190 });
    // A JPEG whose frame says 1000 × 1000 over the scan of 16 × 16 pixels, and one whose scan stops halfway, then EOI.
    const small = jpeg(16, 16);
    const sof = small.findIndex((byte, i) => byte === 0xff && small[i + 1] === 0xc0);
    new DataView(small.buffer).setUint16(sof + 5, 1000);
    new DataView(small.buffer).setUint16(sof + 7, 1000);
    const noise = jpegOf(200, 200, (i) => (i * 7919) & 255);
    const halfScan = Uint8Array.from([...noise.subarray(0, noise.length >> 1), 0xff, 0xd9]);
    for (const [name, bytes, kind] of [
      ['PNG 1000 × 1000 with 3 rows of data', promising, 'photo'],
      ['interlaced PNG 1000 × 1000 with 3 rows of data', await pngBomb(1000, 1000, { interlaced: true, dataRows: 3 }), 'passport'],
      ['PNG 300 × 200 with 190 rows', rows, 'passport'],
      ['PNG cut before its end', cutPng.slice(0, cutPng.length >> 1), 'photo'],
      ['JPEG 1000 × 1000 over 16 × 16 of data', small, 'photo'],
      ['JPEG whose scan stops halfway', halfScan, 'passport'],
    ] as const) {
      const error = await refusal(inspectDocument(kind, file(bytes, 'scan.png', 'image/png'), messages));
      expect([error.code, error.status], name).toEqual(['validation_failed', 422]);
      expect(error.options.fields, name).toEqual({ file: [messages.notAnImage] });
    }
    // The same images whole are taken.
    await expect(inspectDocument('passport', file(await pngBomb(300, 200), 'scan.png', 'image/png'), messages)).resolves.toMatchObject({ width: 300, height: 200 });
    await expect(inspectDocument('passport', file(await pngBomb(1000, 1000, { interlaced: true }), 'scan.png', 'image/png'), messages)).resolves.toMatchObject({ width: 1000 });
    await expect(inspectDocument('passport', file(noise, 'scan.jpg', 'image/jpeg'), messages)).resolves.toMatchObject({ width: 200, height: 200 });
  });

  it('refuses the issue\'s 154 KB PNG bomb (6000 × 6600) from its header, fast, without decoding it', async () => {
    const bomb = await pngBomb();
    expect(bomb.length).toBeLessThan(200 * 1024);
    const started = performance.now();
    const error = await refusal(inspectDocument('passport', file(bomb, 'scan.png', 'image/png'), messages));
    // Decoding it took 3 s and 475 MB; reading 24 bytes of header takes well under this.
    expect(performance.now() - started).toBeLessThan(500);
    expect([error.code, error.status]).toEqual(['validation_failed', 422]);
    expect(error.options.fields).toEqual({ file: ['too large: 6000 x 6600'] });
    expect(decodeImage).not.toHaveBeenCalled();
  });

  it.each([
    ['a side over 6000 pixels', 6001, 10],
    ['more than 12.5 megapixels', 3600, 3500],
  ])('refuses a PNG or JPEG declaring %s, by its header alone', async (_, width, height) => {
    const declaringPng = png(1, 1);
    // IHDR width and height; the CRC no longer matches, but the size check comes first.
    new DataView(declaringPng.buffer).setUint32(16, width);
    new DataView(declaringPng.buffer).setUint32(20, height);
    const declaringJpeg = jpeg(8, 8);
    // The frame header (SOF0) holds the height, then the width.
    const sof = declaringJpeg.findIndex((byte, i) => byte === 0xff && declaringJpeg[i + 1] === 0xc0);
    new DataView(declaringJpeg.buffer).setUint16(sof + 5, height);
    new DataView(declaringJpeg.buffer).setUint16(sof + 7, width);
    for (const [bytes, name] of [[declaringPng, 'p.png'], [declaringJpeg, 'p.jpg']] as const) {
      const error = await refusal(inspectDocument('photo', file(bytes, name, 'image/png'), messages));
      expect(error.options.fields).toEqual({ file: [`too large: ${width} x ${height}`] });
    }
    expect(decodeImage).not.toHaveBeenCalled();
  });

  it('accepts the largest image within the limits (a 12 MP phone photo\'s 4032 × 3024)', async () => {
    const bytes = png(4032, 3024);
    await expect(inspectDocument('passport', file(bytes, 'scan.png', 'image/png'), messages)).resolves.toMatchObject({ width: 4032, height: 3024 });
    expect(decodeImage).toHaveBeenCalledTimes(1);
  });

  it('a decode that would exceed the worker\'s memory fails cleanly with the "too demanding" message', async () => {
    // Noise compresses badly, so jpeg-js has to work for every block.
    const noise = jpegOf(1000, 1000, (i) => (i * 7919) & 255);
    await expect(inspectDocument('photo', file(noise, 'p.jpg', 'image/jpeg'), messages)).resolves.toMatchObject({ width: 1000 });
    setDecodeLimitsForTests({ maxOldGenerationSizeMb: 8 });
    const error = await refusal(inspectDocument('photo', file(noise, 'p.jpg', 'image/jpeg'), messages));
    expect([error.code, error.status]).toEqual(['validation_failed', 422]);
    expect(error.options.fields).toEqual({ file: ['too demanding'] });
  });

  it('refuses an interlaced PNG whose data inflates past its declared size, without inflating it all', async () => {
    // 2000 × 2000 is within the limits; its data inflates to 40 MB, two and a half times what the header allows.
    const bomb = await pngBomb(2000, 2000, { interlaced: true, dataRows: 5000 });
    const error = await refusal(inspectDocument('photo', file(bomb, 'p.png', 'image/png'), messages));
    expect(error.options.fields).toEqual({ file: ['too demanding'] });
  });

  it('decodes off the request thread: the event loop keeps turning during a long decode', async () => {
    const noise = jpegOf(1500, 1500, (i) => (i * 7919) & 255);
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 10);
    const started = performance.now();
    try {
      await inspectDocument('passport', file(noise, 'p.jpg', 'image/jpeg'), messages);
    } finally {
      clearInterval(ticker);
    }
    const elapsed = performance.now() - started;
    // Decoded on this thread, no timer could fire until the end (ticks would be 0 or 1).
    expect(ticks).toBeGreaterThanOrEqual(Math.floor(elapsed / 10 / 4));
    expect(ticks).toBeGreaterThan(3);
  });

  it('accepts the largest allowed size and refuses one KB more (413)', async () => {
    const padded = (kb: number) => {
      const bytes = new Uint8Array(kb * 1024);
      bytes.set(jpeg(8, 8));
      return bytes;
    };
    // A JPEG decoder stops at its end marker; the padding after it is ignored.
    await expect(inspectDocument('photo', file(padded(1024), 'p.jpg', 'image/jpeg'), messages)).resolves.toMatchObject({ size: 1024 * 1024 });

    const photo = await refusal(inspectDocument('photo', file(padded(1025), 'p.jpg', 'image/jpeg'), messages));
    const passport = await refusal(inspectDocument('passport', file(padded(2049), 'p.jpg', 'image/jpeg'), messages));
    expect([photo.code, photo.status]).toEqual(['payload_too_large', 413]);
    expect([passport.code, passport.status]).toEqual(['payload_too_large', 413]);
    // Each says its own limit, so that the pilgrim knows what to send instead.
    expect([photo.options.fields, passport.options.fields]).toEqual([{ file: ['at most 1024 KB'] }, { file: ['at most 2048 KB'] }]);
  });

  it('checks the size first, even for content it would refuse', async () => {
    const error = await refusal(inspectDocument('passport', file(new Uint8Array(2048 * 1024 + 1), 'a.gif', 'image/gif'), messages));
    expect(error.code).toBe('payload_too_large');
  });
});
