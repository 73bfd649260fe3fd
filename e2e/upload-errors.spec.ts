import { expect, test } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { draftThrough, PDF, signUp } from './session';
import { IN_ARABIC } from './helpers';

type Messages = typeof en;
const MESSAGES = { en, ar: ar as Messages } as const;

// A refused upload says why, beside the file and in the error summary, linked to its button.
for (const locale of IN_ARABIC) {
  const m = MESSAGES[locale];
  const w = m.Wizard;

  test(`a refused upload says why, and the summary lists it with the missing documents (${locale})`, async ({ page, context }) => {
    const { token } = await signUp(context, page, locale);
    const id = await draftThrough(context.request, token, 'documents');
    await page.goto(`/${locale}/profile/requests/drafts/complete?id=${id}&step=documents`);
    const pilgrim = locale === 'ar' ? 'عائشة رحمن' : 'Aisha Rahman';
    const passport = w.chooseFile.replace('{document}', m.Fields.passport).replace('{pilgrim}', pilgrim);
    const photo = w.chooseFile.replace('{document}', m.Fields.photo).replace('{pilgrim}', pilgrim);

    // Too large: the limit and the file's own size, in the page's digits.
    const big = Buffer.concat([PDF, Buffer.alloc(3 * 1024 * 1024)]);
    let chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: passport }).click();
    await (await chooser).setFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: big });
    const tooLarge = w.uploadTooLarge
      .replace('{document}', m.Fields.passport.toLocaleLowerCase(locale))
      .replace('{pilgrim}', pilgrim)
      .replace('{limit}', locale === 'ar' ? '٢ ميغابايت' : '2 MB')
      .replace('{size}', locale === 'ar' ? '٣ ميغابايت' : '3 MB');
    await expect(page.getByRole('alert').filter({ hasText: tooLarge }).last()).toBeVisible();

    // Not a type the photo takes.
    chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: photo }).click();
    await (await chooser).setFiles({ name: 'photo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    const wrongType = w.uploadWrongType.photo.replace('{document}', m.Fields.photo.toLocaleLowerCase(locale)).replace('{pilgrim}', pilgrim);
    await expect(page.getByText(wrongType, { exact: true }).last()).toBeVisible();

    // Continue: the summary takes focus and lists both refusals, each linked to its button.
    await page.getByRole('button', { name: w.continue }).click();
    const summary = page.getByRole('alert').filter({ hasText: m.Forms.summaryTitle });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText([tooLarge, wrongType]);
    await summary.getByRole('link', { name: wrongType }).click();
    await expect(page.getByRole('button', { name: photo })).toBeFocused();
  });
}
