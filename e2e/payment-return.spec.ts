import { expect, test } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { requestAwaitingPayment, signUp } from './session';
import { IN_ARABIC } from './helpers';

type Messages = typeof en;
const MESSAGES = { en, ar: ar as Messages } as const;

// Issue 40, item 4: back from the gateway with no session on this browser (the
// payment started on another host, or the session ended while paying), the page
// still says whether the payment went through, by the checkout's own id, and
// how to sign in to see the request.
for (const locale of IN_ARABIC) {
  const m = MESSAGES[locale];

  test(`back from the gateway signed out: the result, and how to sign in to see the request (${locale})`, async ({ page, context }) => {
    const { token, email } = await signUp(context, page, locale);
    const { id, reference } = await requestAwaitingPayment(context.request, token);
    await page.goto(`/${locale}/profile/requests/details/${id}/pay`);
    await page.getByRole('button', { name: new RegExp(m.Payments.pay.split(' ')[0]!) }).first().click();
    await expect(page).toHaveURL(/\/test-gateway\/tg_/);

    // The session is gone before the gateway sends the payer back.
    await page.evaluate(() => localStorage.clear());
    await context.clearCookies();
    await page.getByRole('textbox', { name: /Card number/ }).fill('4111 1111 1111 1111');
    await page.getByRole('button', { name: /^Pay/ }).click();

    await expect(page).toHaveURL(new RegExp(`/${locale}/check-payment\\?payment_id=`));
    await expect(page.getByRole('heading', { name: m.CheckPayment.paid.title })).toBeVisible();
    await expect(page.getByText(m.CheckPayment.paid.next)).toBeVisible();
    await expect(page.getByRole('heading', { name: m.CheckPayment.signedOut.title })).toBeVisible();
    // Nothing of the request is shown to a browser without its session.
    await expect(page.getByText(reference)).toHaveCount(0);

    // Signing in comes back to the same payment, now with the request.
    await page.getByRole('main').getByRole('link', { name: m.CheckPayment.signedOut.signIn }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/auth/login\\?next=`));
    await page.getByRole('textbox', { name: m.Auth.fields.email }).fill(email);
    await page.getByLabel(m.Auth.fields.password, { exact: true }).fill('Labbaik#2026');
    await page.getByRole('button', { name: m.Auth.login.submit }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/check-payment\\?payment_id=`));
    await expect(page.getByRole('heading', { name: m.CheckPayment.paid.title })).toBeVisible();
    await expect(page.getByText(reference)).toBeVisible();
  });
}
