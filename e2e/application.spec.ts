import { expect, test, type Page } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { arabicIndic, fillDate, gregorianInDays, PDF, PNG_1x1, signUp, uniquePassport } from './session';
import { IN_ARABIC } from './helpers';

type Messages = typeof en;
const MESSAGES = { en, ar: ar as Messages } as const;
// Read off the passport, in Gregorian (the question's default calendar).
const PASSPORT_EXPIRY = gregorianInDays(3 * 365);

const person = {
  name_ar: 'عائشة رحمن',
  name_latin: 'Aisha Rahman',
  // Read off a Saudi ID, in Hijri: 14 Rabi al-Awwal 1410.
  date_of_birth: { day: '14', month: '3', year: '1410' },
  national_id: '1012345678',
  passport_number: 'A1234567',
  // As written on a phone: nationally, spaced; stored as +966501234567.
  mobile: '050 123 4567',
  email: 'aisha@example.com',
};

function messagesOf(locale: 'en' | 'ar') {
  const m = MESSAGES[locale];
  const w = m.Wizard;
  return { m, w, f: m.Fields, continue: w.continue };
}

/** A message with its placeholders replaced by regular expressions, the rest matched as written. */
function pattern(message: string, values: Record<string, string>): RegExp {
  const escaped = message.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '')}$`);
}

async function startHajj(page: Page, locale: 'en' | 'ar') {
  const { m, w } = messagesOf(locale);
  await page.goto(`/${locale}/profile/requests/create`);
  await page.getByRole('button', { name: w.startType.replace('{type}', m.RequestType.hajj) }).click();
  await expect(page).toHaveURL(/\/profile\/requests\/drafts\/complete\?id=/);
  // Nothing saved yet: not a "draft" to continue (issue 21, titles by state).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.titles.start);
  return new URL(page.url()).searchParams.get('id')!;
}

async function fillService(page: Page, locale: 'en' | 'ar') {
  const { w, f } = messagesOf(locale);
  await page.locator('label').filter({ hasText: w.packages.standard.name }).click();
  await page.getByRole('button', { name: new RegExp(f.travel_month) }).click();
  await page.getByRole('option').nth(2).click();
  await page.getByRole('button', { name: w.continue }).click();
  await expect(page.getByRole('heading', { level: 2, name: w.steps.applicant })).toBeVisible();
}

// A child of six: travels on the applicant's mobile and e-mail (1 Muharram 1442 is 20 August 2020).
const companionPerson = { ...person, name_ar: 'محمد رحمن', name_latin: 'Mohammed Rahman', passport_number: 'B7654321', date_of_birth: { day: '1', month: '1', year: '1442' }, mobile: '', email: '' };

async function fillPerson(page: Page, locale: 'en' | 'ar', scope = page.locator('body'), extra?: { relation: string }, who = person) {
  const { m, w, f } = messagesOf(locale);
  // On an Arabic keyboard, digits come as Arabic-Indic digits.
  const typed = (text: string) => (locale === 'ar' ? arabicIndic(text) : text);
  const typedDate = (date: typeof person.date_of_birth) => ({ day: typed(date.day), month: typed(date.month), year: typed(date.year) });
  if (extra) {
    await scope.getByRole('button', { name: new RegExp(f.relation) }).click();
    await page.getByRole('option', { name: extra.relation }).click();
  }
  await scope.getByRole('textbox', { name: f.name_ar }).fill(who.name_ar);
  await scope.getByRole('textbox', { name: f.name_latin }).fill(who.name_latin);
  await scope.locator('label').filter({ hasText: w.genders.female }).click();
  await fillDate(scope, f.date_of_birth, m.DateInput, 'hijri', typedDate(who.date_of_birth));
  // Found by its first letters (components/forms/form-country.tsx), typed as a person types them.
  await scope.getByRole('combobox', { name: f.nationality }).click();
  await scope.getByRole('combobox', { name: f.nationality }).pressSequentially(locale === 'ar' ? 'السع' : 'Sau');
  await page.getByRole('option', { name: new Intl.DisplayNames([locale], { type: 'region' }).of('SA') }).click();
  await scope.getByRole('textbox', { name: f.national_id }).fill(typed(person.national_id));
  await scope.getByRole('textbox', { name: f.passport_number }).fill(who.passport_number);
  await fillDate(scope, f.passport_expiry, m.DateInput, 'gregorian', typedDate(PASSPORT_EXPIRY));
  await scope.getByRole('textbox', { name: f.mobile }).fill(typed(who.mobile));
  await scope.getByRole('textbox', { name: f.email }).fill(who.email);
}

async function uploadAll(page: Page, locale: 'en' | 'ar', pilgrims: string[]) {
  const { w, f } = messagesOf(locale);
  for (const pilgrim of pilgrims) {
    for (const [kind, file] of [
      ['passport', { name: 'passport.pdf', mimeType: 'application/pdf', buffer: PDF }],
      ['photo', { name: 'photo.png', mimeType: 'image/png', buffer: PNG_1x1 }],
    ] as const) {
      const label = w.chooseFile.replace('{document}', f[kind]).replace('{pilgrim}', pilgrim);
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: label }).click();
      await (await chooser).setFiles(file);
      // This pilgrim's own link: another pilgrim's file of the same name is already shown,
      // and clicking Continue before this upload is stored would find it missing.
      await expect(page.getByRole('region', { name: pilgrim }).getByRole('link', { name: file.name })).toBeVisible();
    }
  }
}

for (const locale of IN_ARABIC) {
  const { m, w, f } = messagesOf(locale);

  test.describe(`the application in ${locale}`, () => {
    test('a full application with one companion and documents → submit → confirmation', async ({ page, context }) => {
      test.setTimeout(90_000);
      // Passports of this test's own: it sends the request, and one passport is on one live request per season (issue 58,
      // item 2) on a server every spec shares.
      const applicant = { ...person, passport_number: uniquePassport('A') };
      const child = { ...companionPerson, passport_number: uniquePassport('B') };
      await signUp(context, page, locale);
      await startHajj(page, locale);
      await fillService(page, locale);

      await fillPerson(page, locale, undefined, undefined, applicant);
      // Each whole date shows the same day in the other calendar.
      await expect(page.getByRole('group', { name: f.date_of_birth, exact: true })).toContainText(locale === 'ar' ? '= ١٥ أكتوبر ١٩٨٩' : '= October 15, 1989');
      await expect(page.getByRole('group', { name: f.passport_expiry, exact: true })).toContainText(locale === 'ar' ? /= .+ هـ/ : /= .+ AH/);
      await page.getByRole('button', { name: w.continue }).click();
      await expect(page.getByRole('heading', { level: 2, name: w.steps.companions })).toBeVisible();

      await page.getByRole('button', { name: w.addCompanion }).click();
      const companion = page.getByRole('group', { name: w.companionNumber.replace('{number}', locale === 'ar' ? '١' : '1') });
      await fillPerson(page, locale, companion, { relation: w.relations.child }, child);
      await page.getByRole('button', { name: w.continue }).click();
      await expect(page.getByRole('heading', { level: 2, name: w.steps.documents })).toBeVisible();

      const names = locale === 'ar' ? [person.name_ar, companionPerson.name_ar] : [person.name_latin, companionPerson.name_latin];
      // Continuing without documents names each missing one.
      await page.getByRole('button', { name: w.continue }).click();
      await expect(page.getByRole('alert').filter({ hasText: m.Forms.summaryTitle })).toBeFocused();
      await uploadAll(page, locale, names);
      await page.getByRole('button', { name: w.continue }).click();

      await expect(page.getByRole('heading', { level: 2, name: w.steps.review })).toBeVisible();
      await expect(page.getByText(applicant.passport_number).first()).toBeVisible();
      // The mobile as E.164, shown in the international format; the child's contacts are the applicant's.
      const applicantAnswers = page.getByRole('region', { name: w.mainApplicant });
      await expect(applicantAnswers.getByText('+966 50 123 4567', { exact: true })).toBeVisible();
      // The date of birth named in both calendars, in the page's digits.
      await expect(applicantAnswers.getByText(locale === 'ar' ? /١٤١٠ هـ \(١٥ أكتوبر ١٩٨٩\)/ : /1410 AH \(October 15, 1989\)/)).toBeVisible();
      await expect(page.getByRole('region', { name: w.companionNumber.replace('{number}', locale === 'ar' ? '١' : '1') }).getByText(w.reachedThroughApplicant, { exact: true })).toHaveCount(2);
      // A change link goes to the step and comes back to the review.
      await page.getByRole('button', { name: w.changeGroup.replace('{group}', w.mainApplicant) }).click();
      await expect(page.getByRole('heading', { level: 2, name: w.steps.applicant })).toBeVisible();
      await page.getByRole('textbox', { name: f.mobile }).fill('+966 50 999-9999');
      await page.getByRole('button', { name: w.continue }).click();
      await expect(page.getByRole('heading', { level: 2, name: w.steps.review })).toBeVisible();
      await expect(page.getByText('+966 50 999 9999')).toBeVisible();
      // Check answers as GOV.UK's (issue 21): the travel month in both calendars, the package, and the
      // cost as the server will compute it (two pilgrims), then the declaration above "Accept and send".
      const service = page.getByRole('region', { name: w.steps.service });
      await expect(service).toContainText(w.packages.standard.name);
      await expect(service.getByText(locale === 'ar' ? / هـ، .+ ٢٠٢[٦٧٨]$/ : / AH, .+ 202[678]$/)).toBeVisible();
      const cost = page.getByRole('region', { name: w.cost.title });
      await expect(cost).toContainText(locale === 'ar' ? /حاجّان × .+ = .+، تُدفع في الصفحة التالية/ : /^.*2 pilgrims × SAR.+ = SAR.+, to pay on the next page/);
      await expect(page.getByRole('heading', { level: 2, name: w.steps.declaration })).toHaveCount(0);
      await expect(page.getByRole('checkbox', { name: w.declarationCheckbox })).not.toBeChecked();
      await page.locator('label').filter({ hasText: w.declarationCheckbox }).click();
      await page.getByRole('button', { name: w.submit }).click();
      // Honest (issue 21): nothing reaches the office before the fee is paid. The page's one h1
      // says so with the amount and the deadline; Pay is its first action; the reference is shown.
      const title = page.getByRole('heading', { level: 1 });
      await expect(title).toHaveText(pattern(w.confirmation.payTitle, { fee: '(.+)', deadline: '(.+)' }));
      await expect(title).toHaveCount(1);
      const fee = pattern(w.confirmation.payTitle, { fee: '(.+)', deadline: '.+' }).exec((await title.textContent())!)![1]!;
      // Two pilgrims at the season's fee, in the page's digits; the deadline in both calendars, Riyadh time.
      await expect(title).toContainText(locale === 'ar' ? /٢٠٢٦|٢٠٢٧/ : /202[67]/);
      await expect(page.getByText(pattern(w.confirmation.payDeadlineHijri, { hijri: locale === 'ar' ? '.+ هـ.*' : '.+ AH.*' }))).toBeVisible();
      const pay = page.getByRole('button', { name: m.Payments.pay.replace('{fee}', fee) });
      await expect(pay).toBeVisible();
      const [firstAction] = await page.locator('main').getByRole('button').or(page.locator('main').getByRole('link')).all();
      expect(await firstAction!.textContent()).toBe(m.Payments.pay.replace('{fee}', fee));
      await expect(page.getByTestId('reference')).toHaveText(/^HJ-\d{4}-\d{6}$/);
      await expect(page.getByText(w.confirmation.title, { exact: true })).toHaveCount(0);
    });

    test('leave halfway, come back later: the draft resumes at the first unfinished step', async ({ page, context }) => {
      await signUp(context, page, locale);
      const id = await startHajj(page, locale);
      await fillService(page, locale);
      await page.getByRole('textbox', { name: f.name_latin }).fill('Half Way');
      await page.getByRole('textbox', { name: f.name_latin }).blur();
      await expect(page.getByRole('status').filter({ hasText: w.save.savedAt.split('{')[0]! })).toBeVisible();
      await page.getByRole('link', { name: m.FormLayout.saveAndExit }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/profile/requests/drafts$`));

      // The drafts list leads back to it.
      await expect(page.locator(`a[href*="${id}"]`).first()).toBeVisible();
      await page.locator(`a[href*="drafts/complete?id=${id}"]`).first().click();
      await expect(page.getByRole('heading', { level: 2, name: w.steps.applicant })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.titles.continue);
      await expect(page.getByRole('textbox', { name: f.name_latin })).toHaveValue('Half Way');
    });

    test('with the server unreachable mid-step, a reload keeps every answer, and they are sent later', async ({ page, context }) => {
      await signUp(context, page, locale);
      await startHajj(page, locale);
      await fillService(page, locale);
      await page.route('**/api/v1/requests/*', (route) => (route.request().method() === 'PATCH' ? route.abort('internetdisconnected') : route.continue()));
      await page.getByRole('textbox', { name: f.name_ar }).fill('عائشة');
      await page.getByRole('textbox', { name: f.passport_number }).fill('Z9876543');
      await page.getByRole('textbox', { name: f.passport_number }).blur();
      await expect(page.locator('[data-save-state="offline"]')).toBeVisible();

      await page.reload();
      await expect(page.getByRole('textbox', { name: f.name_ar })).toHaveValue('عائشة');
      await expect(page.getByRole('textbox', { name: f.passport_number })).toHaveValue('Z9876543');

      await page.unroute('**/api/v1/requests/*');
      await expect(page.locator('[data-save-state="saved"]')).toBeVisible({ timeout: 15_000 });
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('draft-backup:')).forEach((k) => localStorage.removeItem(k)));
      await page.reload();
      await expect(page.getByRole('textbox', { name: f.passport_number })).toHaveValue('Z9876543');
    });

    test('two tabs on one draft: the stale tab is told and shown the newer answers', async ({ page, context }) => {
      await signUp(context, page, locale);
      const id = await startHajj(page, locale);
      await fillService(page, locale);
      const other = await context.newPage();
      await other.goto(`/${locale}/profile/requests/drafts/complete?id=${id}&step=applicant`);
      await expect(other.getByRole('textbox', { name: f.name_latin })).toBeVisible();

      await page.getByRole('textbox', { name: f.name_latin }).fill('From The First Tab');
      await page.getByRole('textbox', { name: f.name_latin }).blur();
      await expect(page.locator('[data-save-state="saved"]')).toBeVisible();

      await other.getByRole('textbox', { name: f.passport_number }).fill('B0000000');
      await other.getByRole('textbox', { name: f.passport_number }).blur();
      const dialog = other.getByRole('alertdialog', { name: w.conflict.title });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: w.conflict.ok }).click();
      await other.reload();
      await expect(other.getByRole('textbox', { name: f.name_latin })).toHaveValue('From The First Tab');
    });

    test('the service step can be completed with the keyboard alone', async ({ page, context }) => {
      await signUp(context, page, locale);
      await startHajj(page, locale);
      const standard = page.getByRole('radio', { name: w.packages.standard.name });
      await page.getByRole('radio', { name: w.packages.economy.name }).focus();
      await page.keyboard.press('ArrowDown');
      await expect(standard).toBeChecked();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: new RegExp(f.travel_month) })).toBeFocused();
      await page.keyboard.press('Enter');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: w.continue })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 2, name: w.steps.applicant })).toBeVisible();
    });
  });
}
