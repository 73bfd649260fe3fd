import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEnvForTests } from '@/lib/server/env';
import { diskStorage } from './disk-storage';
import { fileStorage, resetFileStorageForTests } from './storage';

let root: string;
const bytes = (text: string) => new TextEncoder().encode(text);

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'uploads-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the disk storage', () => {
  it('gives back what was put, with its content type, until it is deleted', async () => {
    const storage = diskStorage(root);
    await storage.put('requests/1/scan', bytes('%PDF-1.4 scan'), 'application/pdf');

    expect(await storage.get('requests/1/scan')).toEqual({ data: bytes('%PDF-1.4 scan'), contentType: 'application/pdf' });

    await storage.put('requests/1/scan', bytes('replaced'), 'image/png');
    expect(await storage.get('requests/1/scan')).toEqual({ data: bytes('replaced'), contentType: 'image/png' });

    await storage.delete('requests/1/scan');
    expect(await storage.get('requests/1/scan')).toBeNull();
  });

  it('keeps bytes that look like its own header', async () => {
    const storage = diskStorage(root);
    const tricky = bytes('{"contentType":"text/html"}\n\n\u0000end');
    await storage.put('a', tricky, 'application/octet-stream');
    expect(await storage.get('a')).toEqual({ data: tricky, contentType: 'application/octet-stream' });
  });

  it('answers null for a missing key and accepts deleting one', async () => {
    const storage = diskStorage(root);
    await storage.put('requests/1/photo', bytes('x'), 'image/jpeg');

    expect(await storage.get('requests/2/photo')).toBeNull();
    // A key under an existing file, and a key that is a folder.
    expect(await storage.get('requests/1/photo/more')).toBeNull();
    expect(await storage.get('requests/1')).toBeNull();
    await expect(storage.delete('requests/2/photo')).resolves.toBeUndefined();
    await expect(storage.delete('requests/1')).resolves.toBeUndefined();
  });

  it.each(['../escape', 'requests/../../escape', '/etc/passwd', 'requests//x', '', 'a\\..\\b', '.hidden', 'requests/./x', 'c:/x'])(
    'refuses the key %j',
    async (key) => {
      const storage = diskStorage(path.join(root, 'store'));
      await expect(storage.put(key, bytes('x'), 'text/plain')).rejects.toThrow(/Invalid storage key/);
      await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/Invalid storage key/);
      expect(await readdir(root)).toEqual([]);
    },
  );

  it('leaves one complete file after concurrent puts of the same key', async () => {
    const storage = diskStorage(root);
    const payload = (i: number) => new Uint8Array(32 * 1024 * (i + 1)).fill(i);

    await Promise.all(Array.from({ length: 10 }, (_, i) => storage.put('requests/1/photo', payload(i), `image/test-${i}`)));

    const stored = await storage.get('requests/1/photo');
    const winner = Number(stored?.contentType.replace('image/test-', ''));
    expect(stored?.data).toEqual(payload(winner));
    // No temporary file is left behind.
    expect(await readdir(path.join(root, 'requests/1'))).toEqual(['photo']);
  });

  it('keeps stored documents private to the server user', async () => {
    await diskStorage(root).put('requests/1/scan', bytes('x'), 'application/pdf');
    expect((await stat(path.join(root, 'requests/1/scan'))).mode & 0o777).toBe(0o600);
  });
});

describe('fileStorage() without S3_BUCKET', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvForTests();
    resetFileStorageForTests();
  });

  it('stores under ${DATA_DIR}/uploads', async () => {
    vi.stubEnv('DATA_DIR', root);
    vi.stubEnv('S3_BUCKET', '');
    resetEnvForTests();
    resetFileStorageForTests();

    await fileStorage().put('requests/1/scan', bytes('x'), 'application/pdf');

    expect(await readdir(path.join(root, 'uploads/requests/1'))).toEqual(['scan']);
    expect(await fileStorage().get('requests/1/scan')).toEqual({ data: bytes('x'), contentType: 'application/pdf' });
  });
});
