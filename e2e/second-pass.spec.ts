import { expect, test } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { draftThrough, officeMoves, paidAtCounter, requestAwaitingPayment, signUp } from './session';
import { IN_ARABIC, IN_ENGLISH } from './helpers';
import { TEST_PAYMENTS } from '../lib/payments/test-payment-words';

// The pilgrim's second pass, items 4 ("Never 'sent' before it is") and 6 ("Arabic that reads
// right"), on a phone at 390 px: item 4 in English, item 6 in Arabic (below). The wording is written out
// here, not read from the messages, so that a change of the words is a change of the test.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const WORDS = {
  en: {
    next: { title: 'What happens next', headings: ['1. Your visa', '2. Your dates', '3. What to bring', '4. Whom to call'], hajjDays: 'The days of Hajj are Dhuʻl-Hijjah 8, 1448 AH to Dhuʻl-Hijjah 13, 1448 AH' },
    submit: 'Accept and continue to payment', firstNotice: 'Pay to send your request', password: 'a capital and a small English letter (like A and a)' },
  ar: {
    next: { title: 'ما الخطوات التالية', headings: ['١. التأشيرة', '٢. مواعيدك', '٣. ما تحضره معك', '٤. بمن تتصل'], hajjDays: 'أيام الحج من ٨ ذي الحجة ١٤٤٨ هـ إلى ١٣ ذي الحجة ١٤٤٨ هـ' },
    submit: 'أوافق وأتابع إلى الدفع', firstNotice: 'ادفع لإرسال طلبك', password: 'حرف إنجليزي كبير (مثل A) وحرف إنجليزي صغير (مثل a)' },
} as const;

// Item 4 is the same flow in both languages: it runs in English, and its Arabic words are the messages' (parity test).
// Item 6 is about Arabic: it runs in Arabic.
for (const locale of IN_ENGLISH) {
  const m = locale === 'en' ? en : (ar as typeof en);
  const words = WORDS[locale];

  test.describe(`item 4, never "sent" before it is (${locale})`, () => {
    test(`the last button says it leads to the payment while a fee is due; the page after it is the request's payment page, at its own address, with no "Save and exit" (${locale})`, async ({ page, context }) => {
      const { token } = await signUp(context, page, locale);
      const id = await draftThrough(context.request, token);
      await page.goto(`/${locale}/profile/requests/drafts/complete?id=${id}&step=review`);
      await expect(page.getByRole('heading', { level: 2, name: m.Wizard.steps.review })).toBeVisible();
      await expect(page.getByRole('button', { name: words.submit, exact: true })).toBeVisible();
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
  });

  test.describe(`item 4, after approval and the notices (${locale})`, () => {
    test(`after approval, the page says what happens next: the visa, the dates, what to bring, whom to call (${locale})`, async ({ page, context }) => {
      const { token } = await signUp(context, page, locale);
      const id = await draftThrough(context.request, token, undefined, 'standard', 'hajj');
      const sent = await context.request.post(`/api/v1/requests/${id}/submit`, { headers: { authorization: `Bearer ${token}` }, data: {} });
      const { reference } = (await sent.json()).data as { reference: string };
      await paidAtCounter(context.request, token, id);
      await page.goto(`/${locale}/profile/requests/details/${id}`);
      await expect(page.getByText(reference).first()).toBeVisible();
      // Sent and paid, not yet decided: nothing about the journey yet.
      await expect(page.getByTestId('after-approval')).toHaveCount(0);

      await officeMoves(context.request, id, 'under_review');
      await officeMoves(context.request, id, 'approved');
      await page.reload();
      const next = page.getByRole('region', { name: words.next.title });
      await expect(next).toBeVisible();
      for (const heading of words.next.headings) await expect(next.getByRole('heading', { level: 3, name: heading })).toBeVisible();
      await expect(next).toContainText(words.next.hajjDays);
      await expect(next).toContainText(reference);
      await expect(next.getByRole('link', { name: '+966 12 000 0000' })).toHaveAttribute('href', 'tel:+966120000000');
      await expect(next.getByRole('link', { name: 'care@labbaik.example' })).toHaveAttribute('href', 'mailto:care@labbaik.example');
      await page.screenshot({ path: `test-results/after-approval-${locale}.png`, fullPage: true });
    });

    test(`the first notification says to pay to send the request, and the notices of one application are not repeated within the same minute (${locale})`, async ({ page, context }) => {
      const { token } = await signUp(context, page, locale);
      const headers = { authorization: `Bearer ${token}` };
      const { id, reference } = await requestAwaitingPayment(context.request, token);
      await page.goto(`/${locale}/notifications`);
      const item = page.getByRole('listitem').filter({ hasText: reference });
      await expect(item.getByRole('heading', { level: 2 })).toContainText(words.firstNotice);
      await expect(item).not.toContainText(locale === 'en' ? 'received' : 'استلمنا');
      // "Change answers" before paying, then sent again at once.
      expect((await context.request.post(`/api/v1/requests/${id}/reopen`, { headers, data: {} })).status()).toBe(200);
      expect((await context.request.post(`/api/v1/requests/${id}/submit`, { headers, data: {} })).status()).toBe(200);
      await page.reload();
      const told = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: `${words.firstNotice} ${reference}` }) });
      await expect(told).toHaveCount(1);
      await expect(page.getByRole('listitem').filter({ hasText: reference }).first()).toContainText(words.firstNotice);
    });
  });
}

for (const locale of IN_ARABIC) {
  const m = locale === 'en' ? en : (ar as typeof en);
  const words = WORDS[locale];

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

    test(`numeric answers bring up the phone's numeric keyboard; the password rule names the letters an Arabic-only reader knows (${locale})`, async ({ page, context }) => {
      await page.goto(`/${locale}/auth/register`);
      await expect(page.locator('main')).toContainText(words.password);
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

    // One unit for one limit, the documents' limits in megabytes: components/wizard/steps/documents-step.test.tsx,
    // in both languages, with the words written out as here.

    test(`money written once: the riyal in words in Arabic, never "ر.س.،" after paying (${locale})`, async ({ page, context }) => {
      const { token } = await signUp(context, page, locale);
      const { id } = await requestAwaitingPayment(context.request, token);
      await page.goto(`/${locale}/profile/requests/details/${id}`);
      await page.getByRole('button', { name: new RegExp(m.Payments.pay.split(' ')[0]!) }).first().click();
      // The checkout says it takes test payments, in both languages (issue 58, item 9).
      await expect(page.getByRole('note')).toHaveText(`${TEST_PAYMENTS.en}·${TEST_PAYMENTS.ar}`);
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
