import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { s3Storage, type S3Options } from './s3-storage';
import { fileStorage, readStorageConfig, resetFileStorageForTests } from './storage';

const MINIO = 'http://127.0.0.1:9000';
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const options: S3Options = {
  bucket: 'uploads',
  region: 'us-east-1',
  endpoint: MINIO,
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: SECRET,
  forcePathStyle: true,
};
const OBJECT = `${MINIO}/uploads/requests/1/photo`;

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function s3Error(status: number, code: string) {
  // As S3 answers, including details that must not reach a message.
  const xml = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>details</Message><AWSAccessKeyId>AKIDEXAMPLE</AWSAccessKeyId><RequestId>4442587FB7D0A2F9</RequestId></Error>`;
  return new HttpResponse(xml, { status, headers: { 'content-type': 'application/xml' } });
}

describe('the S3 storage', () => {
  it('puts an object at its path-style URL, signed, with its content type', async () => {
    let seen: { url: string; authorization: string | null; contentType: string | null; body: Uint8Array } | null = null;
    server.use(
      http.put(OBJECT, async ({ request }) => {
        seen = {
          url: request.url,
          authorization: request.headers.get('authorization'),
          contentType: request.headers.get('content-type'),
          body: new Uint8Array(await request.arrayBuffer()),
        };
        return new HttpResponse(null, { status: 200, headers: { etag: '"d41d8cd98f00b204e9800998ecf8427e"' } });
      }),
    );

    await s3Storage(options).put('requests/1/photo', new Uint8Array([1, 2, 3]), 'image/jpeg');

    expect(seen).toMatchObject({ url: OBJECT, contentType: 'image/jpeg', body: new Uint8Array([1, 2, 3]) });
    expect(seen!.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/s3\/aws4_request, SignedHeaders=host;[a-z0-9;-]+, Signature=[0-9a-f]{64}$/);
    expect(seen!.authorization).not.toContain(SECRET);
  });

  it('gets the body and content type of an object', async () => {
    server.use(http.get(OBJECT, () => new HttpResponse(new Uint8Array([9, 8, 7]), { headers: { 'content-type': 'image/png' } })));

    expect(await s3Storage(options).get('requests/1/photo')).toEqual({ data: new Uint8Array([9, 8, 7]), contentType: 'image/png' });
  });

  it('answers null for NoSuchKey', async () => {
    server.use(http.get(OBJECT, () => s3Error(404, 'NoSuchKey')));

    expect(await s3Storage(options).get('requests/1/photo')).toBeNull();
  });

  it('reports a missing bucket instead of a missing object', async () => {
    server.use(http.get(OBJECT, () => s3Error(404, 'NoSuchBucket')));

    await expect(s3Storage(options).get('requests/1/photo')).rejects.toThrow(/404 NoSuchBucket/);
  });

  it('deletes an object (204)', async () => {
    let deleted = false;
    server.use(
      http.delete(OBJECT, () => {
        deleted = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );

    await expect(s3Storage(options).delete('requests/1/photo')).resolves.toBeUndefined();
    expect(deleted).toBe(true);
  });

  it('fails on a refusal without leaking the credentials', async () => {
    server.use(http.put(OBJECT, () => s3Error(403, 'SignatureDoesNotMatch')), http.get(OBJECT, () => s3Error(403, 'AccessDenied')));
    const storage = s3Storage(options);

    const put = await storage.put('requests/1/photo', new Uint8Array([1]), 'image/jpeg').catch((error: unknown) => error);
    const get = await storage.get('requests/1/photo').catch((error: unknown) => error);

    expect(put).toBeInstanceOf(Error);
    expect((put as Error).message).toBe('S3 PUT "requests/1/photo" failed: 403 SignatureDoesNotMatch');
    expect((get as Error).message).toBe('S3 GET "requests/1/photo" failed: 403 AccessDenied');
    for (const error of [put, get] as Error[]) {
      expect(`${error.message} ${error.stack} ${JSON.stringify(error)}`).not.toContain(SECRET);
    }
  });

  it('retries a server error a couple of times, then fails', async () => {
    let attempts = 0;
    server.use(
      http.delete(OBJECT, () => {
        attempts += 1;
        return s3Error(503, 'SlowDown');
      }),
    );

    await expect(s3Storage(options).delete('requests/1/photo')).rejects.toThrow('S3 DELETE "requests/1/photo" failed: 503 SlowDown');
    expect(attempts).toBe(3);
  });

  it('addresses AWS virtual-host style unless told otherwise', async () => {
    let url = '';
    server.use(
      http.get('https://uploads.s3.eu-west-1.amazonaws.com/requests/1/photo', ({ request }) => {
        url = request.url;
        return new HttpResponse('x', { headers: { 'content-type': 'text/plain' } });
      }),
    );

    const storage = s3Storage({ ...options, endpoint: undefined, region: 'eu-west-1', forcePathStyle: false });

    expect(await storage.get('requests/1/photo')).toEqual({ data: new TextEncoder().encode('x'), contentType: 'text/plain' });
    expect(url).toBe('https://uploads.s3.eu-west-1.amazonaws.com/requests/1/photo');
  });

  it('refuses keys that would leave the bucket', async () => {
    await expect(s3Storage(options).get('../other-bucket/secret')).rejects.toThrow(/Invalid storage key/);
  });
});

describe('the storage environment', () => {
  const s3 = { S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'AKIDEXAMPLE', S3_SECRET_ACCESS_KEY: SECRET };

  it('means local disk without S3_BUCKET, empty or not', () => {
    expect(readStorageConfig({})).toEqual({ kind: 'disk' });
    expect(readStorageConfig({ ...s3, S3_BUCKET: '' })).toEqual({ kind: 'disk' });
  });

  it('defaults the region, and path style only for a custom endpoint', () => {
    expect(readStorageConfig(s3)).toEqual({ kind: 's3', ...options, endpoint: undefined, forcePathStyle: false });
    expect(readStorageConfig({ ...s3, S3_ENDPOINT: MINIO })).toEqual({ kind: 's3', ...options });
    expect(readStorageConfig({ ...s3, S3_ENDPOINT: MINIO, S3_FORCE_PATH_STYLE: 'false', S3_REGION: 'eu-west-1' })).toMatchObject({
      forcePathStyle: false,
      region: 'eu-west-1',
    });
  });

  it('names every bad variable without printing a value', () => {
    const read = () => readStorageConfig({ S3_BUCKET: 'Not A Bucket', S3_ENDPOINT: 'ftp://x', S3_SECRET_ACCESS_KEY: SECRET, S3_FORCE_PATH_STYLE: 'yes' });
    expect(read).toThrow(/^Invalid storage environment:\n {2}S3_BUCKET: .*\n {2}S3_ENDPOINT: .*\n {2}S3_ACCESS_KEY_ID: .*\n {2}S3_FORCE_PATH_STYLE: /);
    expect(read).not.toThrow(SECRET);
  });

  it('makes fileStorage() use S3 when S3_BUCKET is set', async () => {
    vi.stubEnv('S3_BUCKET', 'uploads');
    vi.stubEnv('S3_ENDPOINT', MINIO);
    vi.stubEnv('S3_ACCESS_KEY_ID', 'AKIDEXAMPLE');
    vi.stubEnv('S3_SECRET_ACCESS_KEY', SECRET);
    resetFileStorageForTests();
    server.use(http.get(OBJECT, () => s3Error(404, 'NoSuchKey')));
    try {
      expect(await fileStorage().get('requests/1/photo')).toBeNull();
    } finally {
      vi.unstubAllEnvs();
      resetFileStorageForTests();
    }
  });
});
