import { expect, test, type Page } from '@playwright/test';
import en from '../../messages/en.json';
import ar from '../../messages/ar.json';
import { draftThrough, officeMoves, paidAtCounter, requestAwaitingPayment, signUp } from '../../e2e/session';

const OUT = 'docs/screenshots';

async function shoot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${OUT}/${name}.png`, fullPage: true });
}

for (const locale of ['en', 'ar'] as const) {
  const m = locale === 'en' ? en : (ar as typeof en);
  test(`check answers, the confirmation awaiting payment, the account page (${locale})`, async ({ page, context }) => {
    test.setTimeout(120_000);
    const { token } = await signUp(context, page, locale);
    // Check answers of a draft with every step done.
    const id = await draftThrough(context.request, token, 'declaration');
    await page.goto(`/${locale}/profile/requests/drafts/complete?id=${id}&step=review`);
    await expect(page.getByRole('region', { name: m.Wizard.cost.title })).toBeVisible();
    await shoot(page, `check-answers-${locale}`);
    // Sent: the confirmation while the fee is unpaid.
    await page.locator('label').filter({ hasText: m.Wizard.declarationCheckbox }).click();
    await page.getByRole('button', { name: m.Wizard.submit }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(m.Wizard.confirmation.payTitle.split(' {fee}')[0]!);
    await shoot(page, `confirmation-${locale}`);
    // The account page with something of each kind to do.
    const { id: sentBack } = await requestAwaitingPayment(context.request, token);
    await paidAtCounter(context.request, token, sentBack);
    await officeMoves(context.request, sentBack, 'under_review');
    await officeMoves(context.request, sentBack, 'changes_requested', locale === 'ar' ? 'صورة الجواز غير واضحة. ارفع صورة أوضح.' : 'The passport scan is blurred. Upload a sharper one.');
    await draftThrough(context.request, token, 'companions');
    await page.goto(`/${locale}/profile`);
    await expect(page.getByRole('region', { name: m.NeedsDoing.title }).getByRole('listitem')).toHaveCount(3);
    // The header's account menu and its count come after load (loaded only for a signed-in user).
    await expect(page.getByRole('banner').getByTestId('needs-doing-count')).toBeVisible();
    await shoot(page, `account-${locale}`);
  });
}
