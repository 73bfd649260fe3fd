import { expect, test } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { arabicIndic, draftThrough, fillDate, gregorianInDays, signUp } from './session';
import { IN_ARABIC } from './helpers';

// Answers as pilgrims give them (issue 20, items 1-3), on a 390 px phone in
// both languages: dates in either calendar, digits from an Arabic keyboard,
// mobile numbers as written. SCREENSHOTS_DIR, when set, keeps a picture of
// the filled applicant step for each language.

type Messages = typeof en;
const MESSAGES = { en, ar: ar as Messages } as const;

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

for (const locale of IN_ARABIC) {
  const m = MESSAGES[locale];
  const f = m.Fields;
  const typed = (text: string) => (locale === 'ar' ? arabicIndic(text) : text);

  test(`the applicant step on a phone in ${locale}: dates in either calendar, any digits, a mobile as written`, async ({ page, context }) => {
    test.setTimeout(60_000);
    const { token } = await signUp(context, page, locale);
    const id = await draftThrough(context.request, token, 'applicant');
    // The answers a pilgrim already gave before reaching these questions (autosaved).
    const headers = { authorization: `Bearer ${token}` };
    const version = (await (await context.request.get(`/api/v1/requests/${id}`, { headers })).json()).data.version;
    await context.request.patch(`/api/v1/requests/${id}`, {
      headers,
      data: { step: 'applicant', version, data: { name_ar: 'عائشة رحمن', name_latin: 'Aisha Rahman', gender: 'female', nationality: 'SA', passport_number: 'A1234567', email: 'aisha@example.com' } },
    });
    await page.goto(`/${locale}/profile/requests/drafts/complete?id=${id}&step=applicant`);
    await expect(page.getByRole('heading', { level: 2, name: m.Wizard.steps.applicant })).toBeVisible();

    // Date of birth from a Saudi ID (Hijri, the question's default); passport expiry from the passport (Gregorian).
    const birth = page.getByRole('group', { name: f.date_of_birth, exact: true });
    await expect(birth.getByRole('radio', { name: m.DateInput.hijri })).toBeChecked();
    await fillDate(page.locator('body'), f.date_of_birth, m.DateInput, 'hijri', { day: typed('14'), month: typed('3'), year: typed('1410') });
    await expect(birth).toContainText(locale === 'ar' ? '= ١٥ أكتوبر ١٩٨٩' : '= October 15, 1989');
    const expiry = page.getByRole('group', { name: f.passport_expiry, exact: true });
    await expect(expiry.getByRole('radio', { name: m.DateInput.gregorian })).toBeChecked();
    const passport = gregorianInDays(3 * 365);
    await fillDate(page.locator('body'), f.passport_expiry, m.DateInput, 'gregorian', { day: typed(passport.day), month: typed(passport.month), year: typed(passport.year) });
    await expect(expiry).toContainText(locale === 'ar' ? /= .+ هـ/ : /= .+ AH/);
    await page.getByRole('textbox', { name: f.national_id }).fill(typed('1012345678'));

    await page.getByRole('textbox', { name: f.mobile }).fill(typed('050 123 4567'));
    await page.getByRole('textbox', { name: f.mobile }).blur();
    // The step fits the phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/applicant-${locale}-390.png`, fullPage: true });

    // A number that cannot exist is refused, saying how to write one.
    await page.getByRole('textbox', { name: f.mobile }).fill('+12345678');
    await page.getByRole('button', { name: m.Wizard.continue }).click();
    const summary = page.getByRole('alert').filter({ hasText: m.Forms.summaryTitle });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText([m.Validation.phone]);
    await page.getByRole('textbox', { name: f.mobile }).fill(typed('050 123 4567'));
    await page.getByRole('button', { name: m.Wizard.continue }).click();
    await expect(page.getByRole('heading', { level: 2, name: m.Wizard.steps.companions })).toBeVisible();

    // Kept as the server and other clients expect them: Western digits, E.164, Hijri DD-MM-YYYY.
    const saved = (await (await context.request.get(`/api/v1/requests/${id}`, { headers })).json()).data.data.applicant;
    expect(saved).toMatchObject({ date_of_birth: '14-03-1410', national_id: '1012345678', mobile: '+966501234567' });
    expect(saved.passport_expiry).toMatch(/^\d{2}-\d{2}-\d{4}$/);

    // Editing again: the boxes show the date in the page's digits, as it was typed (issue 40, item 6).
    await page.goto(`/${locale}/profile/requests/drafts/complete?id=${id}&step=applicant`);
    const again = page.getByRole('group', { name: f.date_of_birth, exact: true });
    for (const [part, value] of [['day', '14'], ['month', '3'], ['year', '1410']] as const) {
      await expect(again.getByRole('textbox', { name: m.DateInput[part], exact: true })).toHaveValue(typed(value));
    }
  });
}
