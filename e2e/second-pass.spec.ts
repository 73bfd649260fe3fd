import { expect, test } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { draftThrough, requestAwaitingPayment, signUp } from './session';

// The pilgrim's second pass, items 4 ("Never 'sent' before it is") and 6 ("Arabic that reads
// right"), on a phone: each sub-point in both languages, at 390 px. The wording is written out
// here, not read from the messages, so that a change of the words is a change of the test.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const WORDS = {
  en: { submit: 'Accept and continue to payment', firstNotice: 'Pay to send your request', megabytes: ['2 MB', '1 MB'], kilobytes: /KB/, password: 'a capital and a small English letter (like A and a)' },
  ar: { submit: 'أوافق وأتابع إلى الدفع', firstNotice: 'ادفع لإرسال طلبك', megabytes: ['٢ ميغابايت', '١ ميغابايت'], kilobytes: /كيلوبايت/, password: 'حرف إنجليزي كبير (مثل A) وحرف إنجليزي صغير (مثل a)' },
} as const;

for (const locale of ['en', 'ar'] as const) {
  const m = locale === 'en' ? en : (ar as typeof en);
  const words = WORDS[locale];

  test.describe(`item 4, never "sent" before it is (${locale})`, () => {
    test(`the last button says it leads to the payment while a fee is due (${locale})`, async ({ page, context }) => {
      const { token } = await signUp(context, page, locale);
      const id = await draftThrough(context.request, token);
      await page.goto(`/${locale}/profile/requests/drafts/complete?id=${id}&step=review`);
      await expect(page.getByRole('heading', { level: 2, name: m.Wizard.steps.review })).toBeVisible();
      await expect(page.getByRole('button', { name: words.submit, exact: true })).toBeVisible();
    });

    test(`the page after it is the request's payment page, at its own address, with no "Save and exit" (${locale})`, async ({ page, context }) => {
      const { token } = await signUp(context, page, locale);
      const id = await draftThrough(context.request, token);
      await page.goto(`/${locale}/profile/requests/drafts/complete?id=${id}&step=review`);
      await page.locator('label').filter({ hasText: m.Wizard.declarationCheckbox }).click();
      await page.getByRole('button', { name: m.Wizard.submit }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/profile/requests/details/${id}/pay$`));
      const title = page.getByRole('heading', { level: 1 });
      await expect(title).toContainText(m.Wizard.confirmation.payTitle.split(' {fee}')[0]!);
      await expect(page.getByRole('link', { name: m.FormLayout.saveAndExit })).toHaveCount(0);
      await expect(page.getByRole('button', { name: m.FormLayout.saveAndExit })).toHaveCount(0);
      // Its own page: a reload comes back to it, not to the form.
      await page.reload();
      await expect(title).toContainText(m.Wizard.confirmation.payTitle.split(' {fee}')[0]!);
      await expect(page.getByRole('checkbox', { name: m.Wizard.declarationCheckbox })).toHaveCount(0);
    });

    test(`the first notification says to pay to send the request (${locale})`, async ({ page, context }) => {
      const { token } = await signUp(context, page, locale);
      const { reference } = await requestAwaitingPayment(context.request, token);
      await page.goto(`/${locale}/notifications`);
      const item = page.getByRole('listitem').filter({ hasText: reference });
      await expect(item.getByRole('heading', { level: 2 })).toContainText(words.firstNotice);
      await expect(item).not.toContainText(locale === 'en' ? 'received' : 'استلمنا');
    });
  });

  test.describe(`item 6, Arabic that reads right (${locale})`, () => {
    test(`no "·" beside dates and times: a comma between the calendars (${locale})`, async ({ page, context }) => {
      const { token } = await signUp(context, page, locale);
      await requestAwaitingPayment(context.request, token);
      const draft = await draftThrough(context.request, token);
      // The notifications' times, the account page (what needs doing, the devices), check answers.
      for (const path of ['/notifications', '/profile', `/profile/requests/drafts/complete?id=${draft}&step=review`]) {
        await page.goto(`/${locale}${path}`);
        await expect(page.locator('main time, main [data-cost]').first()).toBeVisible();
        await expect(page.locator('main')).not.toContainText('·');
      }
      await expect(page.getByRole('region', { name: m.Wizard.steps.service })).toContainText(locale === 'ar' ? /هـ، / : /AH, /);
    });

    test(`numeric answers bring up the phone's numeric keyboard (${locale})`, async ({ page, context }) => {
      await page.goto(`/${locale}/auth/register`);
      await expect(page.getByRole('textbox', { name: m.Auth.fields.phone })).toHaveAttribute('inputmode', 'tel');
      const { token } = await signUp(context, page, locale, 'Aisha Rahman', { verified: false });
      await page.goto(`/${locale}/verify-email`);
      await expect(page.getByRole('textbox', { name: m.EmailVerification.codeLabel })).toHaveAttribute('inputmode', 'numeric');
      const id = await draftThrough(context.request, token, 'applicant');
      await page.goto(`/${locale}/profile/requests/drafts/complete?id=${id}&step=applicant`);
      await expect(page.getByRole('textbox', { name: m.Fields.mobile }).first()).toHaveAttribute('inputmode', 'tel');
      for (const part of [m.DateInput.day, m.DateInput.month, m.DateInput.year]) {
        await expect(page.getByRole('textbox', { name: part, exact: true }).first()).toHaveAttribute('inputmode', 'numeric');
      }
      await page.goto(`/${locale}/profile/edit`);
      await expect(page.getByRole('textbox', { name: m.Profile.phoneOptional })).toHaveAttribute('inputmode', 'tel');
    });

    test(`the password rule names the letters an Arabic-only reader knows (${locale})`, async ({ page }) => {
      await page.goto(`/${locale}/auth/register`);
      await expect(page.locator('main')).toContainText(words.password);
    });

    test(`one unit for one limit: the documents' limits in megabytes (${locale})`, async ({ page, context }) => {
      const { token } = await signUp(context, page, locale);
      const id = await draftThrough(context.request, token, 'documents');
      await page.goto(`/${locale}/profile/requests/drafts/complete?id=${id}&step=documents`);
      await expect(page.getByRole('heading', { level: 2, name: m.Wizard.steps.documents })).toBeVisible();
      for (const limit of words.megabytes) await expect(page.locator('main')).toContainText(limit);
      await expect(page.locator('main')).not.toContainText(words.kilobytes);
    });

    test(`money written once: the riyal in words in Arabic, never "ر.س.،" after paying (${locale})`, async ({ page, context }) => {
      const { token } = await signUp(context, page, locale);
      const { id } = await requestAwaitingPayment(context.request, token);
      await page.goto(`/${locale}/profile/requests/details/${id}`);
      await page.getByRole('button', { name: new RegExp(m.Payments.pay.split(' ')[0]!) }).first().click();
      await expect(page.getByText('TEST MODE – no real money is charged')).toBeVisible();
      await page.getByRole('textbox', { name: /Card number/ }).fill('4111 1111 1111 1111');
      await page.getByRole('button', { name: /^Pay/ }).click();
      await expect(page.getByRole('heading', { name: m.CheckPayment.paid.title })).toBeVisible();
      // The riyal's Arabic sign ends in a full stop, and the sentence's own comma or stop followed it
      // ("ر.س.،"): Arabic names the currency in words; English keeps its code.
      const written = locale === 'ar' ? 'ريال سعودي' : 'SAR';
      const moneyReadsRight = async () => {
        await expect(page.locator('main')).toContainText(written);
        const text = await page.locator('main').innerText();
        expect(text).not.toContain('ر.س');
        expect(text).not.toMatch(/\.\u200f?\s*[.،,]/);
      };
      await moneyReadsRight();
      await page.goto(`/${locale}/notifications`);
      await moneyReadsRight();
    });
  });
}
