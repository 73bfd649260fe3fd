import { randomBytes } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { draftThrough, hijriInDays, PDF, signUp, uniquePassport } from './session';
import { expectAccessible } from './axe';
import { IN_ENGLISH } from './helpers';

// Issue 40, item 3: each pilgrim's documents named, with their pictures, on a phone.
// After an upload the card shows the document's picture (a PDF's first page, a
// photo shrunk); check answers and the request's details list each document
// under its pilgrim's name; a phone photo over the limit is offered a smaller
// copy made in the browser, with its size, which then uploads.

type Messages = typeof en;
const MESSAGES = { en, ar: ar as Messages } as const;
const NAMES = { en: ['Aisha Rahman', 'Mohammed Rahman'], ar: ['عائشة رحمن', 'محمد رحمن'] } as const;

test.use({ viewport: { width: 390, height: 844 } });

/** A portrait-shaped photo: a soft gradient, as a face on a plain background would be. */
function portrait(): Buffer {
  const png = new PNG({ width: 300, height: 400 });
  for (let y = 0; y < 400; y += 1) {
    for (let x = 0; x < 300; x += 1) {
      const i = (y * 300 + x) * 4;
      const inFace = (x - 150) ** 2 / 90 ** 2 + (y - 170) ** 2 / 120 ** 2 < 1;
      png.data.set(inFace ? [196, 150, 120, 255] : [210, 225, 240 - (y >> 3), 255], i);
    }
  }
  return PNG.sync.write(png);
}

/** A phone-sized photo over the photo's 1 MB: fine grain does not compress. */
function oversizedPhoto(): Buffer {
  const png = new PNG({ width: 760, height: 620 });
  const grains = randomBytes(png.width * png.height);
  for (let i = 0; i < png.data.length; i += 4) {
    const grain = grains[i >> 2]! & 63;
    png.data.set([120 + grain, 140 + (grain >> 1), 90 + grain, 255], i);
  }
  const bytes = PNG.sync.write(png);
  if (bytes.length <= 1024 * 1024) throw new Error(`the oversized photo is only ${bytes.length} bytes`);
  return bytes;
}

/** A message with its placeholders matching anything, the rest as written. */
function pattern(message: string, values: Record<string, string> = {}): RegExp {
  const escaped = message.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(escaped.replace(/\\?\{(\w+)\\?\}/g, (_, name: string) => values[name] ?? '.+'));
}

/** An <img> (not the icon that stands in when there is no picture) that the browser has drawn. */
async function expectPicture(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect(image).toBeVisible();
  expect(await image.evaluate((element) => element.tagName)).toBe('IMG');
  // The first view makes the thumbnail (a worker decodes the file or draws the PDF's page): slow on a busy machine.
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0)), { timeout: 30_000 }).toBeGreaterThan(0);
  const src = new URL((await image.getAttribute('src'))!, 'http://portal.test');
  expect(src.pathname).toMatch(/^\/api\/v1\/documents\/[0-9a-f-]{36}\/thumbnail$/);
}

async function choose(page: Page, button: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button, exact: true }).click();
  await (await chooser).setFiles(file);
}

for (const locale of IN_ENGLISH) {
  const m = MESSAGES[locale];
  const w = m.Wizard;
  const d = m.RequestDetails.documents;
  const [applicant, companion] = NAMES[locale];
  const alt = (kind: 'passport' | 'photo', pilgrim: string) => d.thumbnail.replace('{document}', m.Fields[kind]).replace('{pilgrim}', pilgrim);
  const chooseLabel = (kind: 'passport' | 'photo', pilgrim: string) => w.chooseFile.replace('{document}', m.Fields[kind]).replace('{pilgrim}', pilgrim);
  const byPilgrim = (pilgrim: string) => d.byPilgrim.replace('{pilgrim}', pilgrim);

  test(`each pilgrim's documents shown with their pictures, under their names, at 390 px (${locale})`, async ({ page, context }) => {
    test.setTimeout(240_000);
    const { token } = await signUp(context, page, locale);
    const id = await draftThrough(context.request, token, 'companions');
    // A spouse travels too: two pilgrims, each with a passport scan and a photo (and a passport of their own on the shared server).
    const headers = { authorization: `Bearer ${token}` };
    const version = (await (await context.request.get(`/api/v1/requests/${id}`, { headers })).json()).data.version;
    const spouse = {
      relation: 'spouse', name_ar: NAMES.ar[1], name_latin: NAMES.en[1], gender: 'male', date_of_birth: '02-07-1405', nationality: 'SA',
      national_id: '1012345678', passport_number: uniquePassport('B'), passport_expiry: hijriInDays(4 * 365), mobile: '+966501234568', email: 'm@example.com',
    };
    const saved = await context.request.patch(`/api/v1/requests/${id}`, { headers, data: { step: 'companions', data: [spouse], version, complete: true } });
    expect(saved.status(), await saved.text()).toBe(200);
    await page.goto(`/${locale}/profile/requests/drafts/complete?id=${id}&step=documents`);
    await expect(page.getByRole('heading', { level: 2, name: w.steps.documents })).toBeVisible();

    // Uploaded: the card shows the document's picture, named by the document and its pilgrim.
    const applicantCard = page.getByRole('region', { name: applicant });
    await choose(page, chooseLabel('passport', applicant), { name: 'passport.pdf', mimeType: 'application/pdf', buffer: PDF });
    const passport = applicantCard.getByRole('img', { name: alt('passport', applicant), exact: true });
    await expectPicture(passport);
    // The PDF's first page (A6, upright), not an icon.
    expect(await passport.evaluate((image: HTMLImageElement) => image.naturalHeight > image.naturalWidth)).toBe(true);
    await choose(page, chooseLabel('photo', applicant), { name: 'portrait.png', mimeType: 'image/png', buffer: portrait() });
    await expectPicture(applicantCard.getByRole('img', { name: alt('photo', applicant), exact: true }));
    await expect(applicantCard.getByRole('link', { name: 'portrait.png' })).toBeVisible();

    // A photo over 1 MB: a smaller copy is offered, with its size, before any refusal.
    const companionCard = page.getByRole('region', { name: companion });
    await choose(page, chooseLabel('passport', companion), { name: 'scan.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expectPicture(companionCard.getByRole('img', { name: alt('passport', companion), exact: true }));
    const big = oversizedPhoto();
    await choose(page, chooseLabel('photo', companion), { name: 'IMG_2041.png', mimeType: 'image/png', buffer: big });
    const megabytes = locale === 'ar' ? '[٠-٩٫]+ ميغابايت' : '[0-9.]+ MB';
    const offer = companionCard.getByRole('status').filter({ hasText: pattern(w.smallerCopyOffer, { size: megabytes, copySize: megabytes }) });
    await expect(offer).toBeVisible();
    await expect(offer).toContainText(locale === 'ar' ? '١ ميغابايت' : '1 MB');
    await expect(companionCard.getByRole('alert')).toHaveCount(0);
    const useCopy = companionCard.getByRole('button', { name: new RegExp(`^${pattern(w.smallerCopyUse, { size: megabytes }).source}$`) });
    await expect(useCopy).toBeVisible();
    await page.screenshot({ path: `test-results/documents-offer-${locale}.png`, fullPage: true });
    await useCopy.click();
    await expectPicture(companionCard.getByRole('img', { name: alt('photo', companion), exact: true }));
    // The copy is a JPEG under the limit, stored as the companion's photo.
    await expect(companionCard.getByRole('link', { name: 'IMG_2041.jpg' })).toBeVisible();
    const stored = (await (await context.request.get(`/api/v1/requests/${id}`, { headers })).json()).data.documents as { pilgrim: string; kind: string; mime: string; size: number }[];
    const copy = stored.find((doc) => doc.pilgrim === 'companion-0' && doc.kind === 'photo')!;
    expect(copy.mime).toBe('image/jpeg');
    expect(copy.size).toBeLessThanOrEqual(1024 * 1024);
    await expect(offer).toHaveCount(0);
    await expectAccessible(page, 'documents step', 'form[aria-labelledby="documents-title"]');
    await page.screenshot({ path: `test-results/documents-step-${locale}.png`, fullPage: true });

    // Check answers: each document under its pilgrim's name, with its picture.
    await page.getByRole('button', { name: w.continue }).click();
    await expect(page.getByRole('heading', { level: 2, name: w.steps.review })).toBeVisible();
    for (const pilgrim of [applicant, companion]) {
      const list = page.getByRole('list', { name: byPilgrim(pilgrim), exact: true });
      await expect(list.getByRole('listitem')).toHaveCount(2);
      for (const kind of ['passport', 'photo'] as const) await expectPicture(list.getByRole('img', { name: alt(kind, pilgrim), exact: true }));
    }
    await expect(page.getByRole('list', { name: byPilgrim(companion), exact: true }).getByRole('link', { name: new RegExp('IMG_2041\\.jpg') })).toBeVisible();
    await expectAccessible(page, 'check answers', '#review-documents');
    await page.getByRole('heading', { level: 3, name: w.steps.documents }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/documents-review-${locale}.png` });

    // The request's details: the same, under each pilgrim's name.
    await page.goto(`/${locale}/profile/requests/details/${id}`);
    const documents = page.getByRole('region', { name: d.title });
    await expect(documents).toBeVisible({ timeout: 30_000 });
    for (const pilgrim of [applicant, companion]) {
      await expect(documents.getByRole('heading', { level: 3, name: pilgrim })).toBeVisible();
      const list = documents.getByRole('list', { name: byPilgrim(pilgrim), exact: true });
      for (const kind of ['passport', 'photo'] as const) await expectPicture(list.getByRole('img', { name: alt(kind, pilgrim), exact: true }));
    }
    const download = documents.getByRole('link', {
      name: d.download.replace('{file}', 'scan.pdf').replace('{document}', m.Fields.passport.toLocaleLowerCase(locale)).replace('{pilgrim}', companion),
    });
    await expect(download).toHaveAttribute('download', 'scan.pdf');
    await expectAccessible(page, 'request details', 'section[aria-labelledby="documents-title"]');
    await documents.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/documents-details-${locale}.png` });
  });
}
