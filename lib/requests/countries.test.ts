import { describe, expect, it } from 'vitest';
import { countryMatches, countryOptions } from './countries';

const found = (locale: string, typed: string) => countryOptions(locale).filter((option) => countryMatches(option, typed)).map((option) => option.value);

describe('nationality by typing', () => {
  it('finds a country from the first letters of its English name, on either page', () => {
    expect(found('en', 'Egy')).toEqual(['EG']);
    expect(found('ar', 'egy')).toEqual(['EG']);
    expect(found('en', 'sau')).toEqual(['SA']);
    // A word inside the name counts too, and accents need not be typed.
    expect(found('en', 'arab')).toContain('AE');
    expect(found('en', 'cote')).toEqual(['CI']);
  });

  it('finds a country from the first letters of its Arabic name, on either page', () => {
    expect(found('ar', 'مصر')).toEqual(['EG']);
    expect(found('en', 'مص')).toEqual(['EG']);
    // With or without "ال", and with a bare alef for a hamza.
    expect(found('ar', 'المغرب')).toEqual(['MA']);
    expect(found('ar', 'مغرب')).toEqual(['MA']);
    expect(found('ar', 'اندونيسيا')).toEqual(['ID']);
  });

  it('names the countries in the page language, sorted in it', () => {
    const en = countryOptions('en');
    expect(en.find((option) => option.value === 'EG')!.label).toBe('Egypt');
    expect(countryOptions('ar').find((option) => option.value === 'EG')!.label).toBe('مصر');
    expect(en[0]!.label).toBe('Afghanistan');
  });

  it('puts the applicant\'s nationality first for a companion', () => {
    const list = countryOptions('ar', 'PK');
    expect(list[0]!.value).toBe('PK');
    expect(list.filter((option) => option.value === 'PK')).toHaveLength(1);
    expect(list).toHaveLength(countryOptions('ar').length);
  });
});
