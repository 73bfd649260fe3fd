import 'server-only';
import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { assertStorageKey } from './keys';
import type { FileStorage } from './file-storage';

// The content type is the first line of the stored file itself, so that one
// rename replaces data and type together: with a separate metadata file, two
// concurrent puts could leave the bytes of one beside the type of the other.
const NEWLINE = 0x0a;
const header = z.object({ contentType: z.string() });

// A key under a file, or a folder named like a key, is as good as missing.
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);
function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && MISSING.has(String(error.code));
}

function parseHeader(line: Buffer): string | null {
  try {
    const result = header.safeParse(JSON.parse(line.toString('utf8')));
    return result.success ? result.data.contentType : null;
  } catch {
    return null;
  }
}

export function diskStorage(root: string): FileStorage {
  const base = path.resolve(root);

  function locate(key: string): string {
    assertStorageKey(key);
    const file = path.resolve(base, key);
    // The key alphabet already rules escapes out; this guards against a change to it.
    if (!file.startsWith(base + path.sep)) throw new Error('Invalid storage key');
    return file;
  }

  return {
    async put(key, data, contentType) {
      const file = locate(key);
      const folder = path.dirname(file);
      // Identity documents: readable by the server's user only.
      await mkdir(folder, { recursive: true, mode: 0o700 });
      // Same folder as the target, so that the rename stays on one file system and is atomic.
      const temp = path.join(folder, `.${path.basename(file)}.${randomUUID()}.tmp`);
      try {
        const handle = await open(temp, 'wx', 0o600);
        try {
          await handle.writeFile(Buffer.concat([Buffer.from(`${JSON.stringify({ contentType })}\n`), data]));
          // Flushed before the rename, so that a crash cannot leave a renamed but empty file.
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async get(key) {
      const file = locate(key);
      let bytes: Buffer;
      try {
        bytes = await readFile(file);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      const end = bytes.indexOf(NEWLINE);
      const contentType = end < 0 ? null : parseHeader(bytes.subarray(0, end));
      if (contentType === null) throw new Error(`Stored file for ${JSON.stringify(key)} has no content type`);
      return { data: new Uint8Array(bytes.subarray(end + 1)), contentType };
    },

    async delete(key) {
      const file = locate(key);
      try {
        await unlink(file);
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
  };
}
