import { expect, test } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { pngBomb } from '../test/image-bomb';
import { draftThrough, PNG_1x1, requestAwaitingPayment, signUp } from './session';
import { IN_ENGLISH } from './helpers';

type Messages = typeof en;
const MESSAGES = { en, ar: ar as Messages } as const;

// The production build (`next build` + `next start`) must find and run the
// decoding worker: a bundling mistake shows only here, as a 500 or a refused photo.
test('the production server decodes a photo in its worker and refuses an image bomb by its header', async ({ page, context }) => {
  const { token } = await signUp(context, page, 'en');
  const id = await draftThrough(context.request, token, 'documents');
  const headers = { authorization: `Bearer ${token}`, 'accept-language': 'en' };
  const photo = await context.request.post(`/api/v1/requests/${id}/documents`, {
    headers,
    multipart: { pilgrim: 'applicant', kind: 'photo', file: { name: 'photo.png', mimeType: 'image/png', buffer: PNG_1x1 } },
  });
  expect(photo.status(), await photo.text()).toBe(201);

  const bomb = Buffer.from(await pngBomb());
  const started = Date.now();
  const refused = await context.request.post(`/api/v1/requests/${id}/documents`, {
    headers,
    multipart: { pilgrim: 'applicant', kind: 'passport', file: { name: 'scan.png', mimeType: 'image/png', buffer: bomb } },
  });
  expect(Date.now() - started).toBeLessThan(2000);
  expect(refused.status()).toBe(422);
  expect((await refused.json()).error.fields.file).toEqual([
    'This image is too large: 6000 × 6600 pixels. Please upload an image of at most 12.5 megapixels, with no side longer than 6000 pixels.',
  ]);
});

for (const locale of IN_ENGLISH) {
  test(`${locale}: the delete dialog says why the account cannot be deleted while a payment is open`, async ({ page, context }) => {
    const m = MESSAGES[locale];
    const { token } = await signUp(context, page, locale);
    const awaiting = await requestAwaitingPayment(context.request, token);
    const payment = await context.request.post(`/api/v1/requests/${awaiting.id}/payments`, { headers: { authorization: `Bearer ${token}` } });
    expect(payment.status()).toBe(201);

    await page.goto(`/${locale}/profile/edit`);
    await page.getByRole('button', { name: m.Profile.deleteAccount }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: m.Profile.deleteConfirm }).click();
    await expect(dialog.getByRole('alert')).toHaveText(m.ApiErrors.account_payment_open);
    await page.screenshot({ path: test.info().outputPath(`delete-refused-${locale}.png`) });

    // Still signed in, with the account intact.
    const me = await context.request.get('/api/v1/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(200);
  });
}
