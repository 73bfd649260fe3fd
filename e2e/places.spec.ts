import { expect, test, type APIRequestContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { E2E_OPS_KEY } from '../playwright.config';
import { draftThrough, signUp } from './session';

// docs/PLACES.md: the service step says what is left of each limited package,
// in the page's language and digits. Umrah's packages are put back to
// unlimited at the end: the app's data folder is shared with the other specs.

const MESSAGES = { en, ar: ar as typeof en } as const;
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

/** An admin of the console, signed in on this request context (office.spec.ts walks the screens). */
async function signInAdmin(request: APIRequestContext) {
  const email = `admin.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@office.example`;
  const added = await request.post('/api/v1/ops/staff', { headers: { 'x-ops-key': E2E_OPS_KEY }, data: { email, name: 'Amina Saleh', role: 'admin' } });
  const token = new URL((await added.json()).data.set_password_url).searchParams.get('token')!;
  const password = 'Office#Season1448';
  await request.post('/api/v1/office/auth/set-password', { headers: SAME_ORIGIN, data: { token, password, password_confirmation: password } });
  const step = (await (await request.post('/api/v1/office/auth/login', { headers: SAME_ORIGIN, data: { email, password } })).json()).data;
  const code = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(step.secret) }).generate();
  expect((await request.post('/api/v1/office/auth/code', { headers: SAME_ORIGIN, data: { challenge: step.challenge, code } })).status()).toBe(200);
}

test.describe.configure({ mode: 'serial' });

for (const locale of ['en', 'ar'] as const) {
  const m = MESSAGES[locale];
  test(`the service step says "3 places left" and "Fully booked" (${locale})`, async ({ page, context }) => {
    await signInAdmin(context.request);
    const catalogue = (await (await context.request.get('/api/v1/office/catalogue')).json()).data;
    const held = catalogue.find((t: { id: string }) => t.id === 'umrah').places_held as Record<string, number>;
    const set = (places: Record<string, number | null>) => context.request.patch('/api/v1/office/catalogue/umrah', { headers: SAME_ORIGIN, data: { places } });
    expect((await set({ premium: held.premium! + 3, standard: held.standard! })).status()).toBe(200);
    try {
      const { token } = await signUp(context, page, locale);
      const id = await draftThrough(context.request, token, 'service');
      await page.goto(`/${locale}/profile/requests/drafts/complete?id=${id}&step=service`);
      const three = locale === 'ar' ? 'بقيت ٣ أماكن' : '3 places left';
      await expect(page.getByRole('radio', { name: m.Wizard.packages.premium.name })).toBeVisible();
      await expect(page.getByText(three, { exact: true })).toBeVisible();
      await expect(page.getByText(m.Places.full, { exact: true })).toBeVisible();
      // Part of each choice's accessible description, so a screen reader hears it with the package.
      await expect(page.getByRole('radio', { name: m.Wizard.packages.premium.name })).toHaveAccessibleDescription(new RegExp(three));
      await page.screenshot({ path: `test-results/places-service-step-${locale}.png`, fullPage: true });
    } finally {
      await set({ premium: null, standard: null });
    }
  });
}
