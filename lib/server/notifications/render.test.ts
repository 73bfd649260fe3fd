import { describe, expect, it } from 'vitest';
import { renderNotification, type NotificationRow } from './render';

// No empty slot in a title (issue 63, item 8): a request on the reserve list has no reference yet, and its notice
// read «الطلب : على قائمة الانتظار» / "Request : On the reserve list".

const row = (params: Record<string, string | number>): NotificationRow => ({
  id: '00000000-0000-4000-8000-000000000001', seq: 1, userId: 'u', requestId: 'r', readAt: null, createdAt: new Date('2026-12-01T10:00:00Z'), type: 'status_changed', params,
});

describe('a status notice', () => {
  it('without a reference names "your request", never an empty slot', () => {
    const ar = renderNotification(row({ reference: '', status: 'reserved' }), 'ar');
    expect(ar.title).toBe('طلبك: على قائمة الانتظار – بانتظار مكان');
    expect(ar.title).not.toMatch(/\s:/);
    const en = renderNotification(row({ reference: '', status: 'reserved' }), 'en');
    expect(en.title).toBe('Your request: On the reserve list – waiting for a place');
  });

  it('with a reference, names it', () => {
    expect(renderNotification(row({ reference: 'HJ-1448-000002', status: 'approved', confirmed: 'yes' }), 'en').title).toBe('Request HJ-1448-000002: Approved');
    expect(renderNotification(row({ reference: 'HJ-1448-000002', status: 'approved', confirmed: 'yes' }), 'ar').title).toMatch(/^الطلب HJ-1448-000002: /);
  });
});
