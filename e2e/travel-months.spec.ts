import { expect, test } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { draftThrough, signUp } from './session';
import { IN_ARABIC } from './helpers';

type Messages = typeof en;
const MESSAGES = { en, ar: ar as Messages } as const;

// The travel month is offered from this Hijri month (Makkah time) to the season's end: never a month gone by.
for (const locale of IN_ARABIC) {
  const m = MESSAGES[locale];
  test(`the travel months start at this Hijri month, named in the page's language and digits (${locale})`, async ({ page, context }) => {
    const { token } = await signUp(context, page, locale);
    const id = await draftThrough(context.request, token, 'service');
    await page.goto(`/${locale}/profile/requests/drafts/complete?id=${id}&step=service`);
    const month = new Intl.DateTimeFormat(locale === 'ar' ? 'ar-SA-u-ca-islamic-umalqura-nu-arab' : 'en-u-ca-islamic-umalqura', { month: 'long', year: 'numeric', timeZone: 'Asia/Riyadh' });
    const thisMonth = month.format(new Date());
    // Two months back: past the start of the seeded Umrah season (12-1447) while that season lasts.
    const gone = month.format(new Date(Date.now() - 45 * 86_400_000));
    await expect(async () => {
      await page.getByRole('button', { name: new RegExp(m.Fields.travel_month) }).click();
      await expect(page.getByRole('option').first()).toHaveText(thisMonth, { timeout: 1000 });
    }).toPass();
    await expect(page.getByRole('option', { name: gone, exact: true })).toHaveCount(0);
  });
}
