import { describe, expect, it } from 'vitest';
import { listHref, readListQuery } from './list-query';

describe('requests list query', () => {
  it('reads a known status and a page', () => {
    expect(readListQuery(new URLSearchParams('status=cancelled&page=3'))).toEqual({ status: 'cancelled', page: 3 });
  });

  it('falls back to all requests on page 1 for anything else', () => {
    for (const query of ['', 'status=draft', 'status=nope&page=0', 'page=-2', 'page=1.5', 'page=abc']) {
      expect(readListQuery(new URLSearchParams(query))).toEqual({ status: undefined, page: 1 });
    }
  });

  it('writes only what differs from the default', () => {
    expect(listHref('/profile/requests', { page: 1 })).toBe('/profile/requests');
    expect(listHref('/profile/requests', { status: 'approved', page: 1 })).toBe('/profile/requests?status=approved');
    expect(listHref('/profile/requests', { status: 'approved', page: 2 })).toBe('/profile/requests?status=approved&page=2');
  });
});
