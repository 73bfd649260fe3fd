import 'server-only';

// One narrow alphabet for every adapter: a key becomes a path on disk and part
// of a URL for S3, where `..` would be normalized into another folder or bucket.
// Segments may not start with a dot, which also keeps keys clear of the disk
// adapter's temporary files.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
// S3's own limit.
const MAX_KEY_LENGTH = 1024;

export function assertStorageKey(key: string): void {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || !key.split('/').every((segment) => SEGMENT.test(segment))) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key.slice(0, 100))}`);
  }
}
