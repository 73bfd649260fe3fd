import 'server-only';
import { decode as decodeJpeg } from 'jpeg-js';
import { PNG } from 'pngjs';
import { ApiError } from '@/lib/server/http/errors';

export type DocumentKind = 'passport' | 'photo';
export type DocumentType = 'pdf' | 'jpg' | 'png';

export const DOCUMENT_LIMITS = {
  passport: { maxKb: 2048, types: ['pdf', 'jpg', 'png'] },
  photo: { maxKb: 1024, types: ['jpg', 'png'] },
} as const satisfies Record<DocumentKind, { maxKb: number; types: readonly DocumentType[] }>;

const MIME = { pdf: 'application/pdf', jpg: 'image/jpeg', png: 'image/png' } as const;

export type InspectedDocument = {
  mime: (typeof MIME)[DocumentType];
  extension: DocumentType;
  size: number;
  width?: number;
  height?: number;
};

const SIGNATURES: ReadonlyArray<readonly [DocumentType, readonly number[]]> = [
  ['pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  ['jpg', [0xff, 0xd8, 0xff]],
  ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
];

// A few compressed bytes can declare an enormous picture; decoding it would
// take the server's memory (four bytes a pixel). 40 MP covers a 600 dpi A4 scan.
const MAX_PIXELS = 40_000_000;

function sniff(bytes: Uint8Array): DocumentType | null {
  const match = SIGNATURES.find(([, signature]) => signature.every((byte, i) => bytes[i] === byte));
  return match ? match[0] : null;
}

function decodeImage(type: 'jpg' | 'png', bytes: Uint8Array): { width: number; height: number } | null {
  try {
    if (type === 'jpg') {
      const { width, height } = decodeJpeg(bytes, {
        useTArray: true,
        // Tolerant decoding would accept a truncated file.
        tolerantDecoding: false,
        maxResolutionInMP: MAX_PIXELS / 1_000_000,
      });
      return width > 0 && height > 0 ? { width, height } : null;
    }
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // pngjs has no size limit of its own: IHDR's width and height are checked first.
    if (bytes.length < 24 || view.getUint32(16) * view.getUint32(20) > MAX_PIXELS) return null;
    const { width, height } = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}

/**
 * What an uploaded document really is, judged by its bytes alone: names and
 * declared types are the sender's word. `messages.notAnImage` is localized by
 * the caller and answered as the `file` field's error.
 */
export async function inspectDocument(
  kind: DocumentKind,
  file: File,
  messages: { notAnImage: string },
): Promise<InspectedDocument> {
  const limits = DOCUMENT_LIMITS[kind];
  // Before reading, so that an oversized upload is never copied again.
  if (file.size > limits.maxKb * 1024) throw new ApiError('payload_too_large');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniff(bytes);
  if (type === null || !(limits.types as readonly DocumentType[]).includes(type)) {
    throw new ApiError('unsupported_media_type');
  }
  const found: InspectedDocument = { mime: MIME[type], extension: type, size: bytes.byteLength };
  if (type === 'pdf') return found;
  const dimensions = decodeImage(type, bytes);
  if (!dimensions) throw new ApiError('validation_failed', { fields: { file: [messages.notAnImage] } });
  return { ...found, ...dimensions };
}
