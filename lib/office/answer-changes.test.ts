import { describe, expect, it } from 'vitest';
import { answerChanges } from './answer-changes';

describe('what changed since changes were asked', () => {
  it('lists each changed answer, per pilgrim, old -> new', () => {
    const before = { service: { package: 'economy' }, applicant: { passport_number: 'A1234567', name_latin: 'Aisha Rahman' }, companions: [{ national_id: '1' }] };
    const after = { service: { package: 'economy' }, applicant: { passport_number: 'A7654321', name_latin: 'Aisha Rahman' }, companions: [{ national_id: '1' }, { national_id: '2' }] };
    expect(answerChanges(before, after)).toEqual([
      { pilgrim: 'applicant', field: 'passport_number', old: 'A1234567', new: 'A7654321' },
      { pilgrim: 'companion-1', field: 'national_id', old: null, new: '2' },
    ]);
  });

  it('matches each companion with themselves by id: a reorder changes no one, a removal and an addition say so', () => {
    const zed = { pilgrim_id: 'z', name_latin: 'Zed' };
    const bob = { pilgrim_id: 'b', name_latin: 'Bob' };
    const before = { applicant: {}, companions: [zed, bob] };
    expect(answerChanges(before, { applicant: {}, companions: [bob, zed] })).toEqual([]);
    expect(answerChanges(before, { applicant: {}, companions: [{ ...bob, name_latin: 'Bob B' }, { pilgrim_id: 'c', name_latin: 'Cat' }] })).toEqual([
      { pilgrim: 'companion-0', field: 'name_latin', old: 'Bob', new: 'Bob B' },
      { pilgrim: 'companion-1', field: 'name_latin', old: null, new: 'Cat' },
      { pilgrim: 'removed-0', field: 'name_latin', old: 'Zed', new: null },
    ]);
  });

  it('is empty when no changes were asked', () => {
    expect(answerChanges(null, { applicant: { passport_number: 'A1' } })).toEqual([]);
  });
});
