import { describe, expect, it } from 'vitest';
import { latinNameQuestion } from './latin-name';
import { passportNumberOf } from './passport-number';

describe('questions about a Latin name (issue 40)', () => {
  it('asks about a name typed in lower case, suggesting it as the passport prints it', () => {
    expect(latinNameQuestion('aisha rahman')).toEqual({ reason: 'lower_case', suggestion: 'AISHA RAHMAN' });
    expect(latinNameQuestion('  aisha   al-rahman ')).toEqual({ reason: 'lower_case', suggestion: 'AISHA AL-RAHMAN' });
  });

  it('asks about a name typed twice, whatever its case', () => {
    expect(latinNameQuestion('Aisha Aisha')).toEqual({ reason: 'repeated', suggestion: 'Aisha' });
    expect(latinNameQuestion('AISHA RAHMAN AISHA RAHMAN')).toEqual({ reason: 'repeated', suggestion: 'AISHA RAHMAN' });
    expect(latinNameQuestion('aisha rahman Aisha Rahman')).toEqual({ reason: 'repeated', suggestion: 'Aisha Rahman' });
    expect(latinNameQuestion('aisha aisha')).toEqual({ reason: 'repeated', suggestion: 'AISHA' });
  });

  it('asks nothing about a name as passports print it, or one that is not Latin', () => {
    for (const name of ['AISHA RAHMAN', 'Aisha Rahman', 'Aisha Rahman Aisha', "O'Neil", 'Mohammed bin Salman', '', 'عائشة', 'aisha1']) {
      expect(latinNameQuestion(name)).toBeNull();
    }
  });
});

describe('a passport number as passports print it', () => {
  it('is kept in capitals and Western digits', () => {
    expect(passportNumberOf('a1234567')).toBe('A1234567');
    expect(passportNumberOf('ab١٢٣٤٥٦٧')).toBe('AB1234567');
    expect(passportNumberOf('A1234567')).toBe('A1234567');
  });

  it('leaves what is not a Latin letter or a digit for the rules to refuse', () => {
    expect(passportNumberOf('a12-34')).toBe('A12-34');
    expect(passportNumberOf('é1234567')).toBe('é1234567');
  });
});
