import { expect, test, type Page } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { heading } from './helpers';
import { draftThrough, requestAwaitingPayment, signUp } from './session';

// Runs in the phone-360 and phone-390 projects (playwright.config.ts): every
// route and every step of the application, in both languages, must fit the
// phone's width. One signed-in session per language and size; each page is
// visited once, and the header's rows and the stepper are measured on the visits
// that show them (they were tests of their own, each with a sign-up: issue 60, item 8).

type Messages = typeof en;
const MESSAGES = { en, ar: ar as Messages } as const;
const STEPS = ['service', 'applicant', 'companions', 'documents', 'review'] as const;
const PUBLIC = ['', '/faqs', '/static/about', '/static/terms', '/static/privacy', '/static/contact', '/auth/login', '/auth/register', '/check-payment', '/no/such/page'];

/** What sticks out sideways, for the failure message: the innermost elements past either edge of the page. */
async function overflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return null;
    const width = root.clientWidth;
    const outside = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && (box.right > width + 0.5 || box.left < -0.5);
    };
    const culprits = [...document.body.querySelectorAll('*')].filter((element) => outside(element) && ![...element.children].some(outside));
    const describe = (element: Element) => {
      const box = element.getBoundingClientRect();
      const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}`;
      return `${name} [${Math.round(box.left)}..${Math.round(box.right)}] "${(element.textContent ?? '').trim().slice(0, 30)}"`;
    };
    return `scrollWidth ${root.scrollWidth} > clientWidth ${width}: ${culprits.slice(0, 3).map(describe).join('; ')}`;
  });
}

/**
 * Western digits shown on an Arabic page outside an identifier (docs/digits.md):
 * Arabic pages count in Arabic-Indic digits; references, passport, ID and phone
 * numbers and e-mail addresses are marked data-identifier and keep Western digits.
 */
async function westernDigits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const found: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      // Words holding a Latin letter, an @ or a leading + are identifiers or names (HJ-1448-000123, A1234567, 3-D, +966…).
      const words = (node.textContent ?? '').replace(/[\u200e\u200f\u2066-\u2069]/g, '').split(/\s+/);
      const counted = words.filter((word) => /[0-9]/.test(word) && !/[A-Za-z@]|^\+/.test(word));
      if (!parent || counted.length === 0 || parent.closest('[data-identifier], a[href^="tel:"], a[href^="mailto:"], script, style, noscript, template')) continue;
      if (!parent.checkVisibility() && !parent.closest('.sr-only')) continue;
      found.push(`<${parent.tagName.toLowerCase()}> "${(node.textContent ?? '').trim().slice(0, 40)}"`);
    }
    return found;
  });
}

/** The rows the header's links and buttons sit on (their middles, to the nearest 12 px). */
function headerRows(page: Page) {
  return page.locator('header').evaluate((header) => {
    const middles = [...header.querySelectorAll('a, button')]
      .filter((element) => element.checkVisibility() && element.getBoundingClientRect().width > 1)
      .map((element) => {
        const box = element.getBoundingClientRect();
        return Math.round((box.top + box.height / 2) / 12);
      });
    return [...new Set(middles)].length;
  });
}

/** Waits until the page has its data and fonts (both change widths), then notes any sideways scroll. */
async function check(page: Page, screen: string, found: string[], digits?: string[]) {
  await expect(heading(page).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  // The page is laid out at the phone's width (the test would prove nothing on a desktop-wide layout).
  expect(await page.evaluate(() => document.documentElement.clientWidth)).toBe(page.viewportSize()!.width);
  const problem = await overflow(page);
  if (problem) found.push(`${screen}: ${problem}`);
  if (digits) digits.push(...(await westernDigits(page)).map((text) => `${screen}: ${text}`));
}

for (const locale of ['en', 'ar'] as const) {
  const m = MESSAGES[locale];
  test(`no page scrolls sideways${locale === 'ar' ? ', and every number is in Arabic-Indic digits' : ''} (${locale})`, async ({ page, context }) => {
    // About 40 pages in one session: more than the default 30 seconds on a busy machine.
    test.setTimeout(180_000);
    const found: string[] = [];
    // The digit rule is checked on the same visits (the phone projects are the ones that walk every page).
    const digits = locale === 'ar' ? ([] as string[]) : undefined;
    for (const path of PUBLIC) {
      await page.goto(`/${locale}${path}`);
      await check(page, path || '/', found, digits);
    }

    // A long name, and something to do (the count beside the menu): the widest signed-in header.
    const { token } = await signUp(context, page, locale, 'Abdulrahman Al-Qahtani Al-Dossary');
    const sent = await requestAwaitingPayment(context.request, token);
    const draft = await draftThrough(context.request, token);
    const empty = await draftThrough(context.request, token, 'service');
    for (const path of ['/profile', '/profile/edit', '/profile/requests', '/profile/requests/drafts', '/notifications', '/profile/requests/create', `/profile/requests/details/${sent.id}`, `/profile/requests/edit?id=${sent.id}`]) {
      await page.goto(`/${locale}${path}`);
      await check(page, path, found, digits);
      if (path !== '/profile') continue;
      // The header keeps to two rows, and the menu's name still says whose it is.
      await expect(page.getByTestId('needs-doing-count')).toBeVisible();
      expect.soft(await headerRows(page), 'rows of the site header').toBeLessThanOrEqual(2);
      await expect.soft(page.getByRole('button', { name: new RegExp('Abdulrahman') })).toBeVisible();
    }
    for (const step of STEPS) {
      await page.goto(`/${locale}/profile/requests/drafts/complete?id=${draft}&step=${step}`);
      await check(page, `step ${step}`, found, digits);
      if (step !== 'applicant') continue;
      // The form's header on one row, "Save and exit" on one line.
      const saveAndExit = page.getByRole('link', { name: m.FormLayout.saveAndExit });
      await expect(saveAndExit).toBeVisible();
      expect.soft(await headerRows(page), 'rows of the form header').toBe(1);
      const lines = await saveAndExit.evaluate((element) => element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight));
      expect.soft(lines, '"Save and exit" on one line').toBeLessThan(2);
      // The stepper names the step in full, and nothing in it is cut short: each visible text fits its box.
      const progress = page.getByRole('navigation', { name: m.Wizard.progress });
      const named = m.Wizard.stepOfNamed.replace('{number}', locale === 'ar' ? '٢' : '2').replace('{total}', locale === 'ar' ? '٥' : '5').replace('{name}', m.Wizard.steps.applicant);
      await expect.soft(progress.getByText(named, { exact: true })).toBeVisible();
      const cut = await progress.evaluate((nav) =>
        [...nav.querySelectorAll('*')]
          // Shown text only: the labels kept for screen readers (1 px boxes) are not read on screen.
          .filter((element) => element.checkVisibility() && element.getBoundingClientRect().width > 1 && element.children.length === 0)
          .filter((element) => element.scrollWidth > element.clientWidth + 1)
          .map((element) => element.textContent),
      );
      expect.soft(cut, 'stepper texts cut short').toEqual([]);
    }
    // An unanswered step with its error summary and messages: the longest lines of the form.
    await page.goto(`/${locale}/profile/requests/drafts/complete?id=${empty}&step=applicant`);
    await expect(heading(page).first()).toBeVisible();
    // From the keyboard: a page wider than the phone may put another element over the button.
    await page.getByRole('button', { name: m.Wizard.continue }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert').filter({ has: page.getByRole('link') }).first()).toBeVisible();
    await check(page, 'step applicant with errors', found, digits);

    expect.soft(found, `pages wider than the phone in ${locale}`).toEqual([]);
    if (digits) expect.soft([...new Set(digits)], 'Western digits on Arabic pages, outside identifiers').toEqual([]);
  });
}
