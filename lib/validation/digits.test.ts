import { describe, expect, it } from 'vitest';
import { westernDigits } from './digits';

describe('westernDigits', () => {
  it('turns Arabic-Indic and Extended Arabic-Indic digits into Western digits', () => {
    expect(westernDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(westernDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(westernDigits('١٤-٠٣-١٤١٠')).toBe('14-03-1410');
  });

  it('leaves everything else as it is', () => {
    expect(westernDigits('A1234567 عائشة +966 (50)')).toBe('A1234567 عائشة +966 (50)');
  });
});
