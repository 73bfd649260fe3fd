import { rmSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { portFor, startApp, type AppProcess } from './app-process';
import { expectAccessible } from './axe';
import { draftThrough, SAME_ORIGIN, signInStaff, signUp } from './session';

// Issue 59, item 6, on a 390 px phone: an admin sets an opening 20 seconds ahead through the API; a pilgrim with a
// ready draft joins its queue before it opens and sees the draw note; once it opens (the server ticks every
// second) the pilgrim is admitted, follows the turn to check answers, sends and reaches the payment. The journey in
// Arabic (digits, times, both calendars), axe on the queue page in both languages. On an app of its own: while an
// opening admits, every send of its service needs a turn, which no other test may meet.
// SCREENSHOTS_DIR keeps the queue page waiting and admitted (both languages, 390 px) and the console's panel (1366 px).

type Messages = typeof en;
const MESSAGES = { en, ar: ar as Messages } as const;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
const shots = process.env.SCREENSHOTS_DIR;

let app: AppProcess | undefined;
test.afterEach(async () => {
  await app?.stop();
});

/** No sideways scrolling at the phone's width, nor at the narrowest common phone's (360 px). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.setViewportSize(PHONE.viewport);
}

test('join before the opening → the draw → admitted → send → payment (ar, 390 px), axe in both languages', async ({ browser }) => {
  test.setTimeout(180_000);
  const slot = 14;
  const dataDir = `.data/e2e-opening-${slot}`;
  rmSync(dataDir, { recursive: true, force: true });
  app = await startApp(portFor(slot), { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn' });
  const m = MESSAGES.ar;
  const o = m.Openings;

  // A pilgrim with a draft ready but for the declaration, made on check answers when sending.
  const context = await browser.newContext({ baseURL: app.origin, ...PHONE });
  const page = await context.newPage();
  const { token } = await signUp(context, page, 'ar', 'Aisha Rahman', { app: { origin: app.origin, dataDir } });
  const id = await draftThrough(context.request, token, 'declaration');

  // The admin opens Umrah 20 seconds from now; its queue opens at once (30 minutes before).
  const office = await browser.newContext({ baseURL: app.origin, viewport: { width: 1366, height: 900 } });
  await signInStaff(office.request, 'admin', 'Amina Saleh');
  const opensAt = new Date(Date.now() + 20_000).toISOString();
  const set = await office.request.patch('/api/v1/office/catalogue/umrah', { headers: SAME_ORIGIN, data: { opening: { opens_at: opensAt, admit_per_minute: 60 } } });
  expect(set.status(), await set.text()).toBe(200);

  // Before the opening: the queue page offers Join; joined, the place waits for the draw.
  await page.goto('/ar/openings/umrah');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(o.title.replace('{service}', m.RequestType.umrah));
  if (shots) await page.screenshot({ path: `${shots}/queue-join-ar-390.png`, fullPage: true });
  await page.getByRole('button', { name: o.join }).click();
  await expect(page.getByRole('heading', { name: o.place.drawTitle })).toBeVisible();
  await expect(page.getByText('انضم حاج واحد حتى الآن')).toBeVisible();
  await expect(page.getByTestId('queue-live')).toHaveText(o.live.draw);
  await expect(page.getByText(o.ready.complete)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, 'the queue page, waiting for the draw (ar)', 'main');
  if (shots) await page.screenshot({ path: `${shots}/queue-waiting-ar-390.png`, fullPage: true });
  // The same place in English, from a second tab: one place per account.
  const english = await context.newPage();
  await english.goto('/en/openings/umrah');
  await expect(english.getByRole('heading', { name: en.Openings.place.drawTitle })).toBeVisible();
  await expectNoSidewaysScroll(english);
  await expectAccessible(english, 'the queue page, waiting for the draw (en)', 'main');
  if (shots) await english.screenshot({ path: `${shots}/queue-waiting-en-390.png`, fullPage: true });

  // The opening comes: the page reads its place by itself (no reload) until the turn is the pilgrim's.
  const turn = page.getByTestId('queue-turn');
  await expect(turn).toBeVisible({ timeout: 60_000 });
  await expect(turn.getByRole('heading', { level: 2 })).toContainText('حان دورك: أرسل طلبك قبل ');
  await expect(page.getByTestId('queue-time-left')).toContainText('بقيت');
  await expect(page.getByTestId('queue-live')).toContainText('حان دورك');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, 'the queue page, admitted (ar)', 'main');
  if (shots) {
    await page.screenshot({ path: `${shots}/queue-admitted-ar-390.png`, fullPage: true });
    await expect(english.getByTestId('queue-turn')).toBeVisible({ timeout: 60_000 });
    await english.screenshot({ path: `${shots}/queue-admitted-en-390.png`, fullPage: true });
  }
  // The home page and the wizard's service step say sending opens through the queue, and lead to it. (The home
  // page is a cached copy of up to a minute: it may still say when sending opens, or already that it is open.)
  await english.goto('/en');
  const note = english.getByTestId('opening-note-umrah');
  await expect(note).toBeVisible();
  await expect(note.getByRole('link', { name: en.Openings.note.link.replace('{service}', en.RequestType.umrah) })).toHaveAttribute('href', '/en/openings/umrah');
  if (shots) await note.screenshot({ path: `${shots}/home-opening-note-en-390.png` });
  await english.goto(`/en/profile/requests/drafts/complete?id=${id}&step=service`);
  await expect(english.getByTestId('opening-note-umrah')).toBeVisible();
  await english.close();

  // The console's live panel while it admits: one admitted, the draw made.
  const consolePage = await office.newPage();
  for (const locale of shots ? (['en', 'ar'] as const) : (['en'] as const)) {
    await consolePage.goto(`/${locale}/office/catalogue`);
    const panel = consolePage.getByTestId('opening-panel-umrah');
    await expect(panel.getByTestId('opening-count-admitted')).toHaveText(locale === 'ar' ? '١' : '1');
    await expect(panel.getByTestId('opening-state')).toHaveText(MESSAGES[locale].Office.opening.live.states.admitting);
    if (shots) await consolePage.getByTestId('office-opening-umrah').screenshot({ path: `${shots}/console-opening-${locale}-1366.png` });
  }

  // The turn leads to check answers; sent in time, the request reaches its payment.
  await turn.getByRole('link', { name: o.admitted.send }).click();
  await expect(page).toHaveURL(new RegExp(`/ar/profile/requests/drafts/complete\\?id=${id}&step=review`));
  await page.locator('label').filter({ hasText: m.Wizard.declarationCheckbox }).click();
  await page.getByRole('button', { name: m.Wizard.submit }).click();
  await expect(page).toHaveURL(new RegExp(`/ar/profile/requests/details/${id}/pay`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(m.Wizard.confirmation.payTitle.split('{fee}')[0]!.trim());
  const place = (await (await context.request.get('/api/v1/openings/umrah/queue', { headers: { authorization: `Bearer ${token}` } })).json()).data;
  expect(place.state).toBe('sent');
  if (shots) {
    await page.goto('/ar/openings/umrah');
    await expect(page.getByRole('heading', { name: o.sent.title })).toBeVisible();
    await page.screenshot({ path: `${shots}/queue-sent-ar-390.png`, fullPage: true });
  }
  await office.close();
  await context.close();
});
