import { expect, test } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { arabicIndic, draftThrough, PNG_1x1, SAME_ORIGIN, signInAdmin, signUp } from './session';
import { TEST_PAYMENTS } from '../lib/payments/test-payment-words';
import { IN_ARABIC, IN_ENGLISH } from './helpers';

// docs/PLACES.md: the service step says what is left of each limited package,
// in the page's language and digits; and the reserve list. The app's data folder
// is shared with the other specs, which send Umrah's standard package: these
// tests limit only Umrah's premium package, in one file run in order (two of them
// at once would fill each other's package), and put it back to unlimited at the end.

const MESSAGES = { en, ar: ar as typeof en } as const;

test.describe.configure({ mode: 'serial' });

for (const locale of IN_ENGLISH) {
  const m = MESSAGES[locale];
  test(`the service step says "3 places left" and "Fully booked" (${locale})`, async ({ page, context }) => {
    await signInAdmin(context.request);
    const catalogue = (await (await context.request.get('/api/v1/office/catalogue')).json()).data;
    const held = catalogue.find((t: { id: string }) => t.id === 'umrah').places_held as Record<string, number>;
    const set = (places: Record<string, number | null>) => context.request.patch('/api/v1/office/catalogue/umrah', { headers: SAME_ORIGIN, data: { places } });
    expect((await set({ premium: held.premium! + 3 })).status()).toBe(200);
    try {
      const { token } = await signUp(context, page, locale);
      const id = await draftThrough(context.request, token, 'service');
      await page.goto(`/${locale}/profile/requests/drafts/complete?id=${id}&step=service`);
      const three = locale === 'ar' ? 'بقيت ٣ أماكن' : '3 places left';
      await expect(page.getByRole('radio', { name: m.Wizard.packages.premium.name })).toBeVisible();
      await expect(page.getByText(three, { exact: true })).toBeVisible();
      // Part of each choice's accessible description, so a screen reader hears it with the package.
      await expect(page.getByRole('radio', { name: m.Wizard.packages.premium.name })).toHaveAccessibleDescription(new RegExp(three));
      await page.screenshot({ path: `test-results/places-service-step-${locale}.png`, fullPage: true });
      // Every place held: fully booked (the wizard's catalogue is refreshed on load).
      expect((await set({ premium: held.premium! })).status()).toBe(200);
      await page.reload();
      await expect(page.getByText(m.Places.full, { exact: true })).toBeVisible();
    } finally {
      await set({ premium: null });
    }
  });
}

// The reserve list on a 390 px phone in both languages: sending refused with sold_out, "Join the reserve
// list", the position on the request's page, a place offered when the office sets more places (the pay-by
// line), paid through the test gateway (authorised, then captured while the place is held), sent.
test.describe('the reserve list', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const locale of IN_ARABIC) {
    const m = MESSAGES[locale];
    test(`sold out → join the reserve list → position shown → a place offered → paid (${locale}, 390 px)`, async ({ page, context }) => {
      await signInAdmin(context.request);
      const held = async () => ((await (await context.request.get('/api/v1/office/catalogue')).json()).data.find((t: { id: string }) => t.id === 'umrah').places_held.premium as number);
      const set = (premium: number | null) => context.request.patch('/api/v1/office/catalogue/umrah', { headers: SAME_ORIGIN, data: { places: { premium } } });
      expect((await set(await held())).status()).toBe(200);
      try {
        const { token } = await signUp(context, page, locale);
        const auth = { authorization: `Bearer ${token}` };
        const id = await draftThrough(context.request, token, 'declaration', 'premium');
        await page.goto(`/${locale}/profile/requests/drafts/complete?id=${id}&step=review`);
        await page.locator('label').filter({ hasText: m.Wizard.declarationCheckbox }).click();
        // Known full as the page opens (issue 63, item 1): said at once with the reserve list under it, and no
        // "continue to payment" on the button or in the cost while sending is not possible.
        await expect(page.getByTestId('package-full').getByTestId('join-reserve')).toBeVisible();
        await expect(page.getByRole('button', { name: m.Wizard.submit })).toHaveCount(0);
        await page.getByRole('button', { name: m.Wizard.submitWhenFull }).click();

        // Refused: the message names the reserve list, and the join box is right under it.
        const refusal = page.getByRole('alert').filter({ hasText: m.Forms.summaryTitle });
        await expect(refusal).toContainText(locale === 'ar' ? 'انضم إلى قائمة الانتظار أدناه' : 'join the reserve list below');
        await expect(page.getByTestId('join-reserve')).toBeVisible();
        // sold_out is said before the answers are checked; joining checks them as sending does. A photo
        // removed meanwhile (another tab): the error summary takes focus and names it, and nothing is joined.
        const documents = (await (await context.request.get(`/api/v1/requests/${id}`, { headers: auth })).json()).data.documents as { id: string; kind: string }[];
        const photo = documents.find((document) => document.kind === 'photo')!;
        expect((await context.request.delete(`/api/v1/requests/${id}/documents/${photo.id}`, { headers: auth })).status()).toBe(204);
        await page.getByRole('button', { name: m.Reserve.join }).click();
        const summary = page.getByRole('alert').filter({ hasText: m.Forms.summaryTitle });
        await expect(summary).toBeFocused();
        await expect(summary.getByRole('link')).toHaveCount(1);
        await expect(page.getByText(m.Reserve.failed)).toHaveCount(0);
        await page.screenshot({ path: `test-results/reserve-list-join-refused-${locale}.png`, fullPage: true });
        await context.request.post(`/api/v1/requests/${id}/documents`, { headers: auth, multipart: { pilgrim: 'applicant', kind: 'photo', file: { name: 'photo.png', mimeType: 'image/png', buffer: PNG_1x1 } } });
        await page.getByRole('button', { name: m.Reserve.join }).click();
        await page.waitForURL(`**/${locale}/profile/requests/details/${id}`);
        const position = (await (await context.request.get(`/api/v1/requests/${id}`, { headers: auth })).json()).data.reserve_position as number;
        const shown = locale === 'ar' ? arabicIndic(String(position)) : String(position);
        await expect(page.getByTestId('reserve-position')).toContainText(m.Reserve.position.replace('{position}', shown));
        await expect(page.getByRole('button', { name: m.Reserve.leave })).toBeVisible();
        await page.screenshot({ path: `test-results/reserve-list-position-${locale}.png`, fullPage: true });

        // The office sets enough places for everyone waiting: offered at once, a fresh pay-by time.
        expect((await set((await held()) + position)).status()).toBe(200);
        await page.reload();
        await expect(page.getByTestId('pay-by')).toBeVisible();
        await expect(page.getByTestId('reserve-position')).toHaveCount(0);
        const offered = (await (await context.request.get('/api/v1/notifications', { headers: { ...auth, 'accept-language': locale } })).json()).data as { type: string; request_id: string; body: string }[];
        expect(offered.find((n) => n.type === 'place_offered' && n.request_id === id)?.body).toMatch(locale === 'ar' ? /^المكان محجوز لك حتى / : /^A place is yours until /);

        // Paid through the gateway on the phone: authorised at the test checkout, captured while the place is held.
        await page.getByRole('button', { name: new RegExp(m.RequestDetails.actions.pay.split(' ')[0]!) }).click();
        await expect(page).toHaveURL(/\/test-gateway\/tg_/);
        // The checkout says it takes test payments, in both languages (issue 58, item 9).
        await expect(page.getByRole('note')).toHaveText(`${TEST_PAYMENTS.en}·${TEST_PAYMENTS.ar}`);
        await page.getByRole('textbox', { name: /Card number/ }).fill('4111 1111 1111 1111');
        await page.getByRole('button', { name: /^Pay/ }).click();
        await expect(page).toHaveURL(new RegExp(`/${locale}/check-payment\\?payment_id=`));
        await expect(page.getByRole('heading', { name: m.CheckPayment.paid.title })).toBeVisible();
        await page.screenshot({ path: `test-results/reserve-list-paid-${locale}.png`, fullPage: true });
        await page.getByRole('link', { name: m.CheckPayment.toRequest }).click();
        await expect(page.getByText(m.RequestStatus.submitted).first()).toBeVisible();
        await expect(page.getByText(m.Money.line.paid.split('{paid}')[0]!.trim()).first()).toBeVisible();
        const paid = (await (await context.request.get(`/api/v1/requests/${id}`, { headers: auth })).json()).data;
        expect(paid.status).toBe('submitted');
        expect(paid.reserve_position).toBeNull();
      } finally {
        await set(null);
      }
    });
  }
});
