// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { WizardSteps } from '@/components/wizard/wizard-steps';
import { SavedIndicator } from '@/components/wizard/saved-indicator';
import { dateLocale, formatCount, formatTime, numberLocale, requestFormats } from './formats';

const WESTERN = /[0-9]/;
const MESSAGES = { en, ar } as const;

afterEach(cleanup);

function shown(locale: 'en' | 'ar', node: React.ReactNode) {
  return render(
    <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]} timeZone="Asia/Riyadh">
      {node}
    </NextIntlClientProvider>,
  ).container;
}

describe('one digit style per page (docs/DIGITS.md)', () => {
  const moment = new Date('2026-11-24T03:04:45Z');

  it('Arabic pages: counts, times, dates and amounts in Arabic-Indic digits', () => {
    expect(formatCount(2, 'ar')).toBe('٢');
    expect(formatTime(moment, 'ar', 'Asia/Riyadh')).toMatch(/^٠٦:٠٤:٤٥/);
    const formats = requestFormats('ar', 'Asia/Riyadh');
    for (const text of [formats.number(13), formats.money(250000, 'SAR'), formats.hijriMonth('09-1448')!, formats.moment(moment.toISOString(), { time: true }).hijri, formats.fileSize(2_000_000)]) {
      expect(text).not.toMatch(WESTERN);
    }
    expect(new Intl.DateTimeFormat(dateLocale('ar', 'gregory'), { year: 'numeric' }).format(moment)).toBe('٢٠٢٦');
    expect(numberLocale('ar')).toBe('ar-SA-u-nu-arab');
  });

  it('English pages: Western digits', () => {
    expect(formatCount(2, 'en')).toBe('2');
    expect(formatTime(moment, 'en', 'Asia/Riyadh')).toMatch(/^06:04:45/);
  });

  it('the step bar and the save time of an Arabic page have no Western digit; the English ones do', () => {
    const arabic = shown('ar', <><WizardSteps current="applicant" /><SavedIndicator state="saved" savedAt={moment} /></>);
    expect(arabic.textContent).toContain('المرحلة ٢ من ٥: ');
    expect(arabic.textContent).toContain('١. ');
    expect(arabic.textContent).not.toMatch(WESTERN);
    const english = shown('en', <><WizardSteps current="applicant" /><SavedIndicator state="saved" savedAt={moment} /></>);
    expect(english.textContent).toContain('Step 2 of 5: Main applicant');
    expect(english.textContent).toContain('06:04:45');
  });
});
