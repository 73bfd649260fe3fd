// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { shouldPrefetch } from './link';

afterEach(() => {
  Reflect.deleteProperty(navigator, 'connection');
});

function setConnection(effectiveType: string | undefined) {
  Object.defineProperty(navigator, 'connection', { value: effectiveType ? { effectiveType } : undefined, configurable: true });
}

describe('link prefetch policy', () => {
  it('skips prefetching on slow-2g only', () => {
    setConnection('slow-2g');
    expect(shouldPrefetch()).toBe(false);
    for (const type of ['2g', '3g', '4g']) {
      setConnection(type);
      expect(shouldPrefetch()).toBe(true);
    }
  });

  it('prefetches when the browser does not tell the connection type', () => {
    setConnection(undefined);
    expect(shouldPrefetch()).toBe(true);
  });
});
