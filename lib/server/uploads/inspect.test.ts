import { encode as encodeJpeg } from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/server/http/errors';
import { DOCUMENT_LIMITS, inspectDocument } from './inspect';

const messages = { notAnImage: 'الملف ليس صورة صالحة.' };

function png(width: number, height: number): Uint8Array {
  const image = new PNG({ width, height });
  image.data.fill(180);
  return new Uint8Array(PNG.sync.write(image));
}

function jpeg(width: number, height: number): Uint8Array {
  return new Uint8Array(encodeJpeg({ width, height, data: new Uint8Array(width * height * 4).fill(120) }, 90).data);
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

  it('refuses a PNG declaring more pixels than can be decoded safely', async () => {
    const bomb = png(1, 1);
    // IHDR width and height; the CRC no longer matches, but the size check comes first.
    new DataView(bomb.buffer).setUint32(16, 50_000);
    new DataView(bomb.buffer).setUint32(20, 50_000);
    const error = await refusal(inspectDocument('photo', file(bomb, 'photo.png', 'image/png'), messages));
    expect(error.code).toBe('validation_failed');
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
  });

  it('checks the size first, even for content it would refuse', async () => {
    const error = await refusal(inspectDocument('passport', file(new Uint8Array(2048 * 1024 + 1), 'a.gif', 'image/gif'), messages));
    expect(error.code).toBe('payload_too_large');
  });
});
