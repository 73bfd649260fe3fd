import 'server-only';

/** Where uploaded files are kept: a folder on disk (disk-storage.ts) or an S3 bucket (s3-storage.ts); storage.ts chooses. */
export interface FileStorage {
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<{ data: Uint8Array; contentType: string } | null>;
  delete(key: string): Promise<void>;
}
