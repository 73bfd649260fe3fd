import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { COUNTRY_CODES } from '../lib/requests/countries';
import { draftThrough, signUp } from './session';
import { IN_ARABIC } from './helpers';

type Messages = typeof en;
const MESSAGES = { en, ar: ar as Messages } as const;

// What needs a browser: the option laid out at the page's start edge, the ISO code saved, the list drawn row by row
// as it scrolls. The names found in the other language and the message of letters that match nothing are
// components/forms/form-country.test.tsx's (both languages); which letters find which country, lib/requests/countries.test.ts's.
for (const locale of IN_ARABIC) {
  const m = MESSAGES[locale];
  const country = (code: string) => new Intl.DisplayNames([locale], { type: 'region' }).of(code)!;

  /**
   * A new draft's applicant step, with Egypt found in the nationality list by `letters`. (Typed again
   * until the step's answers have arrived: the form takes them once, right after it appears.)
   */
  async function egyptFoundBy(page: Page, context: BrowserContext, letters: string) {
    const { token } = await signUp(context, page, locale);
    const id = await draftThrough(context.request, token, 'applicant');
    await page.goto(`/${locale}/profile/requests/drafts/complete?id=${id}&step=applicant`);
    const nationality = page.getByRole('combobox', { name: m.Fields.nationality });
    await expect(async () => {
      await nationality.fill('');
      await nationality.pressSequentially(letters);
      await expect(page.getByRole('option')).toHaveText([country('EG')], { timeout: 1000 });
    }).toPass();
    return { token, id, nationality };
  }

  test(`nationality is found by typing its English or Arabic name, laid out in the page's direction (${locale})`, async ({ page, context }) => {
    // The first letters of the name in the other language find it too.
    const { token, id, nationality } = await egyptFoundBy(page, context, locale === 'ar' ? 'Egy' : 'مصر');
    await nationality.fill('');
    await nationality.pressSequentially(locale === 'ar' ? 'مصر' : 'Egy');
    const egypt = page.getByRole('option', { name: country('EG') });
    await expect(page.getByRole('option')).toHaveText([country('EG')]);

    // The option's text starts at the page's start edge: the right in Arabic, the left in English.
    const gap = await egypt.evaluate((option) => {
      const range = document.createRange();
      range.selectNodeContents(option);
      const text = range.getBoundingClientRect();
      const box = option.getBoundingClientRect();
      return document.documentElement.dir === 'rtl' ? box.right - text.right : text.left - box.left;
    });
    expect(gap).toBeLessThan(16);
    await egypt.click();
    await expect(nationality).toHaveValue(country('EG'));

    // Kept as the ISO code.
    await nationality.blur();
    await expect
      .poll(async () => (await (await context.request.get(`/api/v1/requests/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()).data.data.applicant?.nationality)
      .toBe('EG');
  });

  test(`a companion's nationality list starts with the applicant's (${locale})`, async ({ page, context }) => {
    const { token } = await signUp(context, page, locale);
    // The helper's applicant is Saudi; Saudi Arabia is far from first in either alphabet.
    const id = await draftThrough(context.request, token, 'companions');
    await page.goto(`/${locale}/profile/requests/drafts/complete?id=${id}&step=companions`);
    const nationality = page.getByRole('combobox', { name: m.Fields.nationality }).first();
    await expect(async () => {
      await page.getByRole('button', { name: m.Wizard.addCompanion }).click();
      await expect(nationality).toBeVisible({ timeout: 1000 });
    }).toPass();
    // The whole list, from the keyboard (↓ in the field). The field is brought into sight first, as the
    // Tab that reaches it would have, frames before the next key: react-aria closes an open list when the
    // page under it scrolls, and a key pressed before the page has reported focus()'s own scroll opened
    // the list just in time for that report to close it (2 runs in 30 on a loaded machine).
    await nationality.scrollIntoViewIfNeeded();
    await nationality.focus();
    await page.keyboard.press('ArrowDown');
    const options = page.getByRole('option');
    await expect(options.first()).toHaveText(country('SA'));
    // Only the rows in sight are drawn, each saying where it stands among all the countries.
    await expect(options.first()).toHaveAttribute('aria-setsize', String(COUNTRY_CODES.length));
    expect(await options.count()).toBeLessThan(20);
    await page.getByRole('listbox').evaluate((list) => list.scrollTo({ top: list.scrollHeight }));
    await expect(options.last()).toHaveAttribute('aria-posinset', String(COUNTRY_CODES.length));
    // Offered once: first, not also at its place in the alphabet.
    await nationality.pressSequentially(locale === 'ar' ? 'السعو' : 'Saudi');
    await expect(options).toHaveText([country('SA')]);
  });
}
