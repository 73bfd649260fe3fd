import 'server-only';
import { AwsClient } from 'aws4fetch';
import { assertStorageKey } from './keys';
import type { FileStorage } from './file-storage';

export type S3Options = {
  bucket: string;
  region: string;
  /** e.g. http://127.0.0.1:9000 for MinIO; AWS when absent. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

function bucketUrl({ bucket, region, endpoint, forcePathStyle }: S3Options): string {
  const server = new URL(endpoint ?? `https://s3.${region}.amazonaws.com`);
  const prefix = server.pathname.replace(/\/+$/, '');
  return forcePathStyle ? `${server.origin}${prefix}/${bucket}` : `${server.protocol}//${bucket}.${server.host}${prefix}`;
}

/** The S3 error code of an answer (e.g. NoSuchKey); the rest of the body is left out of messages. */
async function errorCode(response: Response): Promise<string | null> {
  const body = await response.text().catch(() => '');
  return /<Code>([A-Za-z0-9.]{1,64})<\/Code>/.exec(body)?.[1] ?? null;
}

export function s3Storage(options: S3Options): FileStorage {
  // Few retries: a request waits on this, and aws4fetch's default is ten with backoff.
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    service: 's3',
    region: options.region,
    retries: 2,
  });
  const base = bucketUrl(options);

  async function send(method: 'PUT' | 'GET' | 'DELETE', key: string, init: RequestInit = {}): Promise<Response> {
    assertStorageKey(key);
    // The key alphabet needs no escaping in a URL.
    try {
      return await client.fetch(`${base}/${key}`, { ...init, method });
    } catch (error) {
      throw new Error(`S3 ${method} ${JSON.stringify(key)} failed: no answer from ${new URL(base).host}`, { cause: error });
    }
  }

  async function failure(method: string, key: string, response: Response): Promise<Error> {
    const code = await errorCode(response);
    return new Error(`S3 ${method} ${JSON.stringify(key)} failed: ${response.status}${code ? ` ${code}` : ''}`);
  }

  return {
    async put(key, data, contentType) {
      // A copy typed over a plain ArrayBuffer, which is what fetch accepts as a body.
      const response = await send('PUT', key, { body: new Uint8Array(data), headers: { 'content-type': contentType } });
      if (!response.ok) throw await failure('PUT', key, response);
      await response.body?.cancel();
    },

    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) {
        const code = await errorCode(response);
        // A missing bucket is a configuration error, not a missing file.
        if (code === 'NoSuchBucket') throw new Error(`S3 GET ${JSON.stringify(key)} failed: 404 NoSuchBucket`);
        return null;
      }
      if (!response.ok) throw await failure('GET', key, response);
      return {
        data: new Uint8Array(await response.arrayBuffer()),
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      };
    },

    async delete(key) {
      const response = await send('DELETE', key);
      if (response.status === 404) {
        const code = await errorCode(response);
        if (code === 'NoSuchBucket') throw new Error(`S3 DELETE ${JSON.stringify(key)} failed: 404 NoSuchBucket`);
        return;
      }
      if (!response.ok) throw await failure('DELETE', key, response);
      await response.body?.cancel();
    },
  };
}
