import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { MAX_BODY_BYTES, readBody, readText } from './request-body';

/** A body that streams in chunks without a Content-Length (chunked transfer), counting what was pulled. */
function chunked(chunks: number, chunkSize: number) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= chunks) return controller.close();
      pulled += 1;
      controller.enqueue(new Uint8Array(chunkSize).fill(0x61));
    },
  });
  const request = new Request('http://portal.test/api/v1/x', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: stream,
    duplex: 'half',
  } as RequestInit);
  return { request, pulled: () => pulled };
}

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return null;
}

describe('body size limits', () => {
  it('refuses a declared Content-Length over the limit before reading anything', async () => {
    const request = new Request('http://portal.test/api/v1/x', { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(MAX_BODY_BYTES + 1) }, body: '{}' });
    const error = await failure(readBody(request));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(413);
  });

  it('stops reading a chunked body as soon as it passes 64 KB (an endless body is never buffered)', async () => {
    // 10 000 chunks of 16 KB would be 160 MB: reading stops after the fifth.
    const { request, pulled } = chunked(10_000, 16 * 1024);
    const error = await failure(readBody(request));
    expect((error as ApiError).status).toBe(413);
    expect((error as ApiError).code).toBe('payload_too_large');
    expect(pulled()).toBeLessThanOrEqual(6);
  });

  it('reads a chunked body within the limit, and takes a larger limit for uploads', async () => {
    const small = new Request('http://portal.test/api/v1/x', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'عائشة' }) });
    expect(await readBody(small)).toEqual({ name: 'عائشة' });
    const { request } = chunked(8, 16 * 1024); // 128 KB
    expect(await readText(request, 256 * 1024)).toHaveLength(128 * 1024);
  });

  it('applies the limit to multipart and url-encoded forms too', async () => {
    const form = new FormData();
    form.append('note', 'x'.repeat(MAX_BODY_BYTES));
    const multipart = new Request('http://portal.test/api/v1/x', { method: 'POST', body: form });
    expect(((await failure(readBody(multipart))) as ApiError).status).toBe(413);
    const encoded = new Request('http://portal.test/api/v1/x', { method: 'POST', body: new URLSearchParams({ a: 'b', c: 'd' }) });
    expect(await readBody(encoded)).toEqual({ a: 'b', c: 'd' });
  });
});
