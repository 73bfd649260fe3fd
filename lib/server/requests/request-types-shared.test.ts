import { describe, expect, it } from 'vitest';
import { withTestDatabase } from '@/test/database';
import { listRequestTypesShared } from './request-types';

withTestDatabase();

// Every page showing places left asks for them every few seconds (issue 63, item 2): those who ask at the same time
// share one database read, and none is answered from a read made before it asked.
describe('listRequestTypesShared', () => {
  it('gives those who ask while a read runs that read, and the next asker a new one', async () => {
    const first = listRequestTypesShared();
    const second = listRequestTypesShared();
    expect(second).toBe(first);
    const answer = await first;
    expect(answer.map((type) => type.id)).toEqual(expect.arrayContaining(['hajj', 'umrah']));
    const later = listRequestTypesShared();
    expect(later).not.toBe(first);
    expect(await later).toEqual(answer);
  });
});
