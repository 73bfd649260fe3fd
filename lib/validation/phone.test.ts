import { describe, expect, it } from 'vitest';
import { internationalPhone, mobileE164 } from './phone';

describe('mobileE164: a mobile number as written', () => {
  it('reads spaces, dashes, dots, brackets and a national leading 0 in the given country', () => {
    for (const written of ['050 123 4567', '050-123-4567', '050.123.4567', '(050) 123 4567', '0501234567', '+966 50 123 4567', '00966501234567']) {
      expect(mobileE164(written, 'SA'), written).toBe('+966501234567');
    }
    expect(mobileE164('010 0123 4567', 'EG')).toBe('+201001234567');
  });

  it('reads Arabic-Indic and Extended Arabic-Indic digits', () => {
    expect(mobileE164('٠٥٠١٢٣٤٥٦٧', 'SA')).toBe('+966501234567');
    expect(mobileE164('+۹۶۶ ۵۰ ۱۲۳ ۴۵۶۷')).toBe('+966501234567');
  });

  it('refuses numbers that cannot exist, landlines, letters and national numbers without a country', () => {
    expect(mobileE164('+12345678')).toBeNull();
    expect(mobileE164('+966 11 234 5678')).toBeNull(); // a Riyadh landline
    expect(mobileE164('050 123 4567', 'EG')).toBeNull();
    expect(mobileE164('0501234567')).toBeNull();
    expect(mobileE164('050 FLOWERS', 'SA')).toBeNull();
    expect(mobileE164('', 'SA')).toBeNull();
  });
});

describe('internationalPhone', () => {
  it('shows an E.164 number grouped in the international format', () => {
    expect(internationalPhone('+966501234567')).toBe('+966 50 123 4567');
    expect(internationalPhone('+201001234567')).toBe('+20 10 01234567');
  });

  it('shows anything else as it was saved', () => {
    expect(internationalPhone('0501234567')).toBe('0501234567');
    expect(internationalPhone('+12345678')).toBe('+12345678');
  });
});
