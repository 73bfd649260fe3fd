import { expect, test, type APIRequestContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { E2E_OPS_KEY } from '../playwright.config';
import { requestFormats } from '../lib/i18n/formats';
import { draftThrough, signUp } from './session';
import { IN_ARABIC } from './helpers';

// Issue 40, item 1: Hajj in its month, on the phone. The month list reaches Dhu al-Hijjah, the month of Hajj; the
// home page and the service step say when applications close and when Hajj is; each package has its own fee, and
// the total on check answers follows the package chosen. On the shared app: the economy package keeps the seeded
// fee, so the lowest ("from" on the home page, content.spec.ts) is unchanged while the others cost more; the specs
// that send Hajj read the amount from the request. Every fee is put back at the end. The two languages run in
// order (serial), so one never puts the fees back under the other.

const MESSAGES = { en, ar: ar as typeof en } as const;
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
type Package = 'economy' | 'standard' | 'premium';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
test.describe.configure({ mode: 'serial' });

/** An admin signed in to the console in this context (office.spec.ts walks the screens). */
async function signInAdmin(request: APIRequestContext) {
  const email = `admin.${Date.now()}@office.example`;
  const added = await request.post('/api/v1/ops/staff', { headers: { 'x-ops-key': E2E_OPS_KEY }, data: { email, name: 'Amina Saleh', role: 'admin' } });
  const token = new URL((await added.json()).data.set_password_url).searchParams.get('token')!;
  const password = 'Office#Season1448';
  await request.post('/api/v1/office/auth/set-password', { headers: SAME_ORIGIN, data: { token, password, password_confirmation: password } });
  const step = (await (await request.post('/api/v1/office/auth/login', { headers: SAME_ORIGIN, data: { email, password } })).json()).data;
  const code = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(step.secret) }).generate();
  expect((await request.post('/api/v1/office/auth/code', { headers: SAME_ORIGIN, data: { challenge: step.challenge, code } })).status()).toBe(200);
}

for (const locale of IN_ARABIC) {
  const m = MESSAGES[locale];

  test(`Hajj: Dhu al-Hijjah offered, when applications close and when Hajj is, a fee per package and a total that follows it, at 390 px (${locale})`, async ({ page, context }, testInfo) => {
    test.setTimeout(240_000);
    const formats = requestFormats(locale, 'Asia/Riyadh');
    const hajjOf = async () => (await (await context.request.get('/api/v1/request-types')).json()).data.find((t: { id: string }) => t.id === 'hajj');
    const seeded = await hajjOf();
    const base = seeded.fees_minor.economy as number;
    const FEES: Record<Package, number> = { economy: base, standard: base + 450_000, premium: base + 900_000 };
    const { applications_close: close, pilgrimage } = seeded.season as { applications_close: string; pilgrimage: { start: string; end: string } };
    const closeDay = formats.hijriAnswer(close)!;
    const hajjStart = formats.hijriAnswer(pilgrimage.start)!;
    const hajjEnd = formats.hijriAnswer(pilgrimage.end)!;
    const hajjName = m.RequestType.hajj;

    const { token } = await signUp(context, page, locale);
    await page.goto(`/${locale}`);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: hajjName, exact: true }) });
    await expect(card).toContainText(m.Home.services.closes);
    await expect(card).toContainText(closeDay.hijri);
    await expect(card).toContainText(m.Home.services.pilgrimage.replace('{type}', hajjName));
    await expect(card).toContainText(m.Home.services.days.replace('{start}', hajjStart.hijri).replace('{end}', hajjEnd.hijri));

    await signInAdmin(context.request);
    const setFees = (fees: Record<string, number>) => context.request.patch('/api/v1/office/catalogue/hajj', { headers: SAME_ORIGIN, data: { fees_minor: fees } });
    try {
      expect((await setFees(FEES)).status()).toBe(200);
      // A Hajj draft with every step before check answers done, in the economy package.
      const id = await draftThrough(context.request, token, 'review', 'economy', 'hajj');
      await page.goto(`/${locale}/profile/requests/drafts/complete?id=${id}&step=service`);

      // When applications close, and when Hajj is, in both calendars.
      const dates = page.locator('[data-season-dates]');
      await expect(dates).toContainText(m.Wizard.dates.applicationsClose);
      await expect(dates).toContainText(`${closeDay.hijri} (${closeDay.gregorian})`);
      await expect(dates).toContainText(m.Wizard.dates.pilgrimage.replace('{type}', hajjName));
      await expect(dates).toContainText(`${hajjStart.hijri} (${hajjStart.gregorian})`);
      await expect(dates).toContainText(`${hajjEnd.hijri} (${hajjEnd.gregorian})`);

      // Each package at its own fee per pilgrim, in the page's digits.
      for (const [name, fee] of Object.entries(FEES) as [Package, number][]) {
        const radio = page.getByRole('radio', { name: m.Wizard.packages[name].name });
        await expect(radio).toHaveAccessibleDescription(new RegExp(escape(m.Wizard.packageFee.replace('{fee}', formats.money(fee, 'SAR')))));
      }

      // The month list runs to Dhu al-Hijjah of Hajj's year, and no further.
      const dhuAlHijjah = formats.hijriMonth(`12-${pilgrimage.start.slice(-4)}`)!;
      await expect(async () => {
        await page.getByRole('button', { name: new RegExp(m.Fields.travel_month) }).click();
        await expect(page.getByRole('option').last()).toHaveText(dhuAlHijjah, { timeout: 1000 });
      }).toPass({ timeout: 30_000 });
      await page.screenshot({ path: testInfo.outputPath(`service-step-${locale}-months.png`) });
      await page.getByRole('option', { name: dhuAlHijjah, exact: true }).click();
      await expect(page.locator('[data-arrive-by]')).toContainText(hajjStart.hijri);
      await page.screenshot({ path: testInfo.outputPath(`service-step-${locale}.png`), fullPage: true });

      // The total follows the package: premium, then economy again.
      const totalFor = async (name: Package) => {
        await page.goto(`/${locale}/profile/requests/drafts/complete?id=${id}&step=service`);
        // The label, as a finger does (application.spec.ts): the radio itself is drawn, its input hidden.
        await page.locator('label').filter({ hasText: m.Wizard.packages[name].name }).click();
        await expect(page.getByRole('radio', { name: m.Wizard.packages[name].name })).toBeChecked();
        await page.getByRole('button', { name: m.Wizard.continue, exact: true }).click();
        // Saved and on to the next step.
        await expect(page.getByRole('heading', { level: 2, name: m.Wizard.steps.service })).toBeHidden();
        await page.goto(`/${locale}/profile/requests/drafts/complete?id=${id}&step=review`);
        const cost = page.locator('[data-cost]');
        await expect(cost).toContainText(formats.money(FEES[name], 'SAR'));
        return cost;
      };
      const premium = await totalFor('premium');
      await expect(premium).not.toContainText(formats.money(FEES.economy, 'SAR'));
      await page.screenshot({ path: testInfo.outputPath(`review-${locale}-premium.png`), fullPage: true });
      const standard = await totalFor('standard');
      await expect(standard).not.toContainText(formats.money(FEES.premium, 'SAR'));
    } finally {
      expect((await setFees({ economy: base, standard: base, premium: base })).status()).toBe(200);
    }
  });
}

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
