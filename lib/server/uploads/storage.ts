import 'server-only';
import path from 'node:path';
import { z } from 'zod';
import { dataDir } from '@/lib/server/env';
import { diskStorage } from './disk-storage';
import type { FileStorage } from './file-storage';
import { s3Storage, type S3Options } from './s3-storage';

// Read here rather than in env.ts so that uploads stay a self-contained module;
// only consulted once S3_BUCKET asks for S3.
const s3Schema = z.object({
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1),
  S3_SECRET_ACCESS_KEY: z.string().min(1),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
});

export type StorageConfig = { kind: 'disk' } | ({ kind: 's3' } & S3Options);

export function readStorageConfig(source: Record<string, string | undefined>): StorageConfig {
  // Empty strings count as unset, as in env.ts.
  const values = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  if (values.S3_BUCKET === undefined) return { kind: 'disk' };
  const result = s3Schema.safeParse(values);
  if (!result.success) {
    // Issues name the variable, never its value: one of them is a secret.
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid storage environment:\n${lines.join('\n')}`);
  }
  const s3 = result.data;
  return {
    kind: 's3',
    bucket: s3.S3_BUCKET,
    region: s3.S3_REGION,
    endpoint: s3.S3_ENDPOINT,
    accessKeyId: s3.S3_ACCESS_KEY_ID,
    secretAccessKey: s3.S3_SECRET_ACCESS_KEY,
    // MinIO and most self-hosted servers have no per-bucket host names.
    forcePathStyle: s3.S3_FORCE_PATH_STYLE === undefined ? s3.S3_ENDPOINT !== undefined : s3.S3_FORCE_PATH_STYLE === 'true',
  };
}

let cached: FileStorage | undefined;

/** The storage configured by the environment: S3 when S3_BUCKET is set, else `${DATA_DIR}/uploads`. */
export function fileStorage(): FileStorage {
  if (!cached) {
    const config = readStorageConfig(process.env);
    cached = config.kind === 's3' ? s3Storage(config) : diskStorage(path.join(dataDir(), 'uploads'));
  }
  return cached;
}

/** For tests that change the environment. */
export function resetFileStorageForTests() {
  cached = undefined;
}
