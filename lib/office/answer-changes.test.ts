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

  it('is empty when no changes were asked', () => {
    expect(answerChanges(null, { applicant: { passport_number: 'A1' } })).toEqual([]);
  });
});
