import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { requestAwaitingPayment, signUp } from './session';
import { TEST_PAYMENTS } from '../lib/payments/test-payment-words';
import { IN_ARABIC } from './helpers';

type Messages = typeof en;
const MESSAGES = { en, ar: ar as Messages } as const;

async function payWith(page: Page, card: string) {
  // The checkout says it takes test payments, in both languages (issue 58, item 9).
  await expect(page.getByRole('note')).toHaveText(`${TEST_PAYMENTS.en}·${TEST_PAYMENTS.ar}`);
  await page.getByRole('textbox', { name: /Card number/ }).fill(card);
  await page.getByRole('button', { name: /^Pay/ }).click();
}

for (const locale of IN_ARABIC) {
  const m = MESSAGES[locale];

  test.describe(`paying in ${locale}`, () => {
    test('pay with the success card → /check-payment shows success → the request is sent to the office', async ({ page, context }) => {
      const { token } = await signUp(context, page, locale);
      const { id, reference } = await requestAwaitingPayment(context.request, token);
      await page.goto(`/${locale}/profile/requests/drafts/complete?id=${id}`);
      await expect(page.getByTestId('reference')).toHaveText(reference);
      // The test gateway takes the payments of this server (a loopback site): the checkout says no money is taken (issue 37, item 1).
      await expect(page.getByTestId('test-payments')).toHaveText(m.Payments.testPayments);
      await page.getByRole('button', { name: new RegExp(m.Payments.pay.split(' ')[0]!) }).click();
      await expect(page).toHaveURL(/\/test-gateway\/tg_/);
      await payWith(page, '4111 1111 1111 1111');

      await expect(page).toHaveURL(new RegExp(`/${locale}/check-payment\\?payment_id=`));
      await expect(page.getByRole('heading', { name: m.CheckPayment.paid.title })).toBeVisible();
      await expect(page.getByText(reference)).toBeVisible();

      // The receipt is a PDF that names the request.
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: m.CheckPayment.receipt }).click();
      const file = await (await download).path();
      const bytes = readFileSync(file);
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const pdf = await PDFDocument.load(bytes);
      expect(pdf.getTitle()).toContain(reference);

      const status = await context.request.get(`/api/v1/requests/${id}`, { headers: { authorization: `Bearer ${token}` } });
      expect((await status.json()).data.status).toBe('submitted');

      // The details and the list say it is paid.
      await page.getByRole('link', { name: m.CheckPayment.toRequest }).click();
      await expect(page.getByText(m.RequestStatus.submitted).first()).toBeVisible();
      await expect(page.getByText(m.Money.line.paid.split('{paid}')[0]!.trim()).first()).toBeVisible();
      await page.goto(`/${locale}/profile/requests`);
      await expect(page.getByTestId('payment-line').first()).toContainText(m.Money.line.paid.split('{paid}')[0]!.trim());
    });

    test('a declined card → failure with the reason → a retry with the success card succeeds', async ({ page, context }) => {
      const { token } = await signUp(context, page, locale);
      const { id } = await requestAwaitingPayment(context.request, token);
      await page.goto(`/${locale}/profile/requests/drafts/complete?id=${id}`);
      await page.getByRole('button', { name: new RegExp(m.Payments.pay.split(' ')[0]!) }).click();
      await payWith(page, '4000 0000 0000 0002');
      await expect(page.getByRole('heading', { name: m.CheckPayment.failed.title })).toBeVisible();
      await expect(page.getByText(m.CheckPayment.reasons.declined)).toBeVisible();

      await page.getByRole('button', { name: m.CheckPayment.failed.retry }).click();
      await payWith(page, '4000 0000 0000 3220');
      await page.getByRole('textbox', { name: /3-D Secure code/ }).fill('123456');
      await page.getByRole('button', { name: /Confirm/ }).click();
      await expect(page.getByRole('heading', { name: m.CheckPayment.paid.title })).toBeVisible();
    });

    test('a card authorised but refused at capture → nothing taken, the request still awaits payment → a retry pays', async ({ page, context }) => {
      const { token } = await signUp(context, page, locale);
      const { id } = await requestAwaitingPayment(context.request, token);
      await page.goto(`/${locale}/profile/requests/drafts/complete?id=${id}`);
      await page.getByRole('button', { name: new RegExp(m.Payments.pay.split(' ')[0]!) }).click();
      await payWith(page, '4000 0000 0000 0119');
      await expect(page.getByRole('heading', { name: m.CheckPayment.failed.title })).toBeVisible();
      await expect(page.getByText(m.CheckPayment.reasons.capture_failed)).toBeVisible();

      await page.getByRole('button', { name: m.CheckPayment.failed.retry }).click();
      await payWith(page, '4111 1111 1111 1111');
      await expect(page.getByRole('heading', { name: m.CheckPayment.paid.title })).toBeVisible();
    });

    test('changing the answers before paying closes the open checkout, and the request is a draft again', async ({ page, context }) => {
      const { token } = await signUp(context, page, locale);
      const { id, reference } = await requestAwaitingPayment(context.request, token);
      await page.goto(`/${locale}/profile/requests/drafts/complete?id=${id}`);
      await page.getByRole('button', { name: new RegExp(m.Payments.pay.split(' ')[0]!) }).click();
      await expect(page).toHaveURL(/\/test-gateway\/tg_/);
      const checkout = page.url();

      await page.goto(`/${locale}/profile/requests/details/${id}`);
      await page.getByRole('button', { name: m.RequestDetails.reopen.trigger }).click();
      const dialog = page.getByRole('alertdialog', { name: m.RequestDetails.reopen.title });
      await expect(dialog).toContainText(m.RequestDetails.reopen.body);
      await dialog.getByRole('button', { name: m.RequestDetails.reopen.confirm }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/profile/requests/drafts/complete\\?id=${id}&step=review$`));
      const request = await context.request.get(`/api/v1/requests/${id}`, { headers: { authorization: `Bearer ${token}` } });
      expect((await request.json()).data).toMatchObject({ status: 'draft', reference, fee_minor: null });

      // The checkout opened before can no longer take money.
      await page.goto(checkout);
      await expect(page.getByText('This payment was cancelled: the request no longer awaits it. Nothing was charged.')).toBeVisible();
      await expect(page.getByRole('textbox', { name: /Card number/ })).toHaveCount(0);
    });
  });
}

test('back from the gateway signed out with a payment that does not exist: /check-payment says so, and offers to sign in and come back', async ({ page }) => {
  const path = '/en/check-payment?payment_id=3f0c9a7e-8d1b-4c2a-9e5f-1a2b3c4d5e6f';
  await page.goto(path);
  // A payment that exists: e2e/payment-return.spec.ts.
  await expect(page.getByRole('heading', { name: en.CheckPayment.unknown.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: en.CheckPayment.signedOut.title })).toBeVisible();
  const signIn = page.getByRole('main').getByRole('link', { name: en.CheckPayment.signedOut.signIn });
  await expect(signIn).toHaveAttribute('href', `/en/auth/login?next=${encodeURIComponent(path)}`);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
});
