import { describe, expect, it } from 'vitest';
import { serverEnv } from './server-node-options.mjs';

describe('the Node options the server starts with', () => {
  it('holds the young generation to 8 MB only with embedded PGlite', () => {
    expect(serverEnv({}).NODE_OPTIONS).toBe('--max-old-space-size=256 --max-semi-space-size=8');
    expect(serverEnv({ DATABASE_URL: 'postgres://db/portal' }).NODE_OPTIONS).toBe('--max-old-space-size=256');
  });

  it('puts the caller’s options last, so theirs win', () => {
    expect(serverEnv({ DATABASE_URL: 'postgres://db/portal', NODE_OPTIONS: '--max-semi-space-size=32' }).NODE_OPTIONS).toBe('--max-old-space-size=256 --max-semi-space-size=32');
  });

  it('fixes glibc’s threshold for mapping large blocks unless the caller set it', () => {
    expect(serverEnv({}).MALLOC_MMAP_THRESHOLD_).toBe('131072');
    expect(serverEnv({ MALLOC_MMAP_THRESHOLD_: '65536' }).MALLOC_MMAP_THRESHOLD_).toBe('65536');
  });
});
