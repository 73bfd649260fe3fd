import 'server-only';
import { ApiError } from '@/lib/server/http/errors';
import { decodeImage } from './decode-image';
import { declaredDimensions, withinImageLimits, type Dimensions } from './image-header';

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

function sniff(bytes: Uint8Array): DocumentType | null {
  const match = SIGNATURES.find(([, signature]) => signature.every((byte, i) => bytes[i] === byte));
  return match ? match[0] : null;
}

/** The `file` field's messages, localized by the caller. */
export type InspectMessages = {
  notAnImage: string;
  /** Over the kind's limit: says the limit. */
  tooBig: (maxKb: number) => string;
  /** Not a type the kind takes: says which it takes. */
  wrongType: (types: readonly DocumentType[]) => string;
  tooLarge: (dimensions: Dimensions) => string;
  tooDemanding: string;
};

function refuse(message: string): never {
  throw new ApiError('validation_failed', { fields: { file: [message] } });
}

/**
 * What an uploaded document really is, judged by its bytes alone: names and
 * declared types are the sender's word. An image's size is read from its
 * header and refused there when too large; only then is it decoded, in a
 * worker with bounded memory, to prove that it is a picture.
 */
export async function inspectDocument(
  kind: DocumentKind,
  file: File,
  messages: InspectMessages,
): Promise<InspectedDocument> {
  const limits = DOCUMENT_LIMITS[kind];
  // A body sent as JSON or url-encoded has text where the file goes (the form's rules only ask for something there).
  if (!(file instanceof Blob)) throw new ApiError('validation_failed', { fields: { file: [messages.wrongType(limits.types)] } });
  // Before reading, so that an oversized upload is never copied again.
  if (file.size > limits.maxKb * 1024) throw new ApiError('payload_too_large', { fields: { file: [messages.tooBig(limits.maxKb)] } });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniff(bytes);
  if (type === null || !(limits.types as readonly DocumentType[]).includes(type)) {
    throw new ApiError('unsupported_media_type', { fields: { file: [messages.wrongType(limits.types)] } });
  }
  const found: InspectedDocument = { mime: MIME[type], extension: type, size: bytes.byteLength };
  if (type === 'pdf') return found;
  const declared = declaredDimensions(type, bytes);
  if (!declared) refuse(messages.notAnImage);
  if (!withinImageLimits(declared)) refuse(messages.tooLarge(declared));
  const decoded = await decodeImage(type, bytes);
  if (!decoded.ok) refuse(decoded.reason === 'too_demanding' ? messages.tooDemanding : messages.notAnImage);
  return { ...found, width: decoded.width, height: decoded.height };
}
