import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { portFor, startApp, type AppProcess } from './app-process';
import { expectAccessible } from './axe';
import { draftThrough, hijriInDays, SAME_ORIGIN, signInStaff, signUp } from './session';

// What needs doing lists an instalment coming due (docs/INSTALMENTS.md), on a 390 px phone in both
// languages: a deposit paid on a plan whose first instalment is 12 days away, then the account page
// says which part, how much and by when, with its own Pay button. On an app of its own: the plan is set
// on the Hajj service, which no other test may see change under its feet. SCREENSHOTS_DIR keeps the page.

type Messages = typeof en;
const MESSAGES = { en, ar: ar as Messages } as const;
const prefix = (text: string, at: string) => text.split(at)[0]!.trim();

for (const [locale, slot] of [['en', 11], ['ar', 12]] as const) {
  const m = MESSAGES[locale];
  let app: AppProcess | undefined;
  test.afterEach(async () => {
    await app?.stop();
  });

  test(`an instalment coming due is on the account page, with its amount, date and Pay (${locale})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const dataDir = `.data/e2e-instalment-due-${slot}`;
    rmSync(dataDir, { recursive: true, force: true });
    app = await startApp(portFor(slot), { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn' });
    const office = await browser.newContext({ baseURL: app.origin });
    await signInStaff(office.request, 'admin', 'Amina Saleh');
    const plan = { deposit_percent: 20, instalments: [{ percent: 40, due: hijriInDays(12) }, { percent: 40, due: hijriInDays(90) }] };
    expect((await office.request.patch('/api/v1/office/catalogue/hajj', { headers: SAME_ORIGIN, data: { payment_plan: plan } })).status()).toBe(200);
    await office.close();

    const context = await browser.newContext({ baseURL: app.origin, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const { token } = await signUp(context, page, locale, 'Khadija Rahman', { app: { origin: app.origin, dataDir } });
    const id = await draftThrough(context.request, token, undefined, 'standard', 'hajj');
    expect((await context.request.post(`/api/v1/requests/${id}/submit`, { headers: { authorization: `Bearer ${token}` }, data: {} })).status()).toBe(200);

    // The deposit, paid on the test gateway.
    const p = m.Payments.plan;
    await page.goto(`/${locale}/profile/requests/details/${id}/pay`);
    await page.getByRole('radiogroup', { name: p.choose }).getByText(new RegExp(`^${prefix(p.deposit, '{amount}')}`)).click();
    await page.getByRole('button', { name: new RegExp(`^${prefix(p.payPart, '{part}')} ${m.Payments.parts.deposit}`) }).click();
    await expect(page).toHaveURL(/\/test-gateway\/tg_/);
    await page.getByRole('textbox', { name: /Card number/ }).fill('4111 1111 1111 1111');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByRole('heading', { name: m.CheckPayment.paid.title })).toBeVisible();

    // The account page: the first instalment, 12 days away, is the one thing to do, and it is counted.
    await page.goto(`/${locale}/profile`);
    const section = page.getByRole('region', { name: m.NeedsDoing.title });
    const item = section.getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item.getByRole('heading', { level: 3 })).toContainText(m.NeedsDoing.instalmentDue);
    const instalment = m.Payments.parts.instalment.replace('{number}', locale === 'ar' ? '١' : '1');
    await expect(item).toContainText(`${instalment}${locale === 'ar' ? '،' : ','}`);
    await expect(item.locator('time')).toHaveCount(1);
    await expect(item.getByRole('button', { name: new RegExp(`^${prefix(p.payPart, '{part}')} ${instalment}`) })).toBeVisible();
    await expect(page.getByRole('banner').getByTestId('needs-doing-count')).toHaveAccessibleName(locale === 'ar' ? 'أمر واحد مطلوب' : '1 thing to do');
    await expectAccessible(page, `an instalment coming due (${locale})`, 'main');
    if (process.env.SCREENSHOTS_DIR) {
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/needs-doing-instalment-${locale}-390.png` });
    }

    // Paying it from there goes to the gateway for that part.
    await item.getByRole('button', { name: new RegExp(`^${prefix(p.payPart, '{part}')} ${instalment}`) }).click();
    await expect(page).toHaveURL(/\/test-gateway\/tg_/);
    await context.close();
  });
}
