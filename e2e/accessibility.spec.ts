import { expect, test } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { BASE_URL } from '../playwright.config';
import { draftThrough, officeMoves, paidAtCounter, requestAwaitingPayment, signUp } from './session';
import { expectAccessible } from './axe';

type Messages = typeof en;
const MESSAGES = { en, ar: ar as Messages } as const;

// WCAG 2.2 AA, as axe-core tests it: every screen in both languages, signed out
// and signed in, each step of the application, with dialogs and menus open.

const PUBLIC = ['/', '/faqs', '/static/about', '/static/terms', '/static/privacy', '/static/contact', '/auth/login', '/auth/register', '/no/such/page', '/check-payment'];
const STEPS = ['service', 'applicant', 'companions', 'documents', 'review'] as const;

for (const locale of ['en', 'ar'] as const) {
  const m = MESSAGES[locale];

  test.describe(`accessibility (${locale})`, () => {
    // Each test checks many screens; axe takes a second or two per screen.
    test.describe.configure({ timeout: 180_000 });

    test('public screens', async ({ page }) => {
      for (const path of PUBLIC) {
        await page.goto(`/${locale}${path === '/' ? '' : path}`);
        await expectAccessible(page, path);
      }
    });

    test('forms with their errors: the summary takes focus', async ({ page }) => {
      await page.goto(`/${locale}/auth/register`);
      await page.getByRole('button', { name: m.Auth.register.submit }).click();
      const summary = page.getByRole('alert').filter({ has: page.getByRole('link') }).first();
      await expect(summary).toBeFocused();
      await expectAccessible(page, 'register with errors');
      await page.goto(`/${locale}/auth/login`);
      await page.getByRole('button', { name: m.Auth.login.submit }).click();
      await expect(page.getByRole('alert').filter({ has: page.getByRole('link') }).first()).toBeFocused();
      await expectAccessible(page, 'login with errors');
    });

    test('signed-in screens, menus and dialogs', async ({ page, context }) => {
      const { token } = await signUp(context, page, locale);
      const { id } = await requestAwaitingPayment(context.request, token);
      const draft = await draftThrough(context.request, token, 'applicant');
      for (const path of ['/profile', '/profile/edit', '/profile/requests', '/profile/requests/drafts', '/notifications', `/profile/requests/details/${id}`, '/profile/requests/create']) {
        await page.goto(`/${locale}${path}`);
        // The page's own data has arrived when nothing is busy any more (the live stream stays open, so not networkidle).
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await expectAccessible(page, path);
      }

      await page.goto(`/${locale}/profile`);
      await page.getByRole('button', { name: m.Header.accountMenu.replace('{name}', 'Aisha Rahman') }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectAccessible(page, 'account menu open');
      await page.keyboard.press('Escape');

      await page.goto(`/${locale}/profile/requests/details/${id}`);
      await page.getByRole('button', { name: m.RequestDetails.actions.cancel }).click();
      await expect(page.getByRole('alertdialog').or(page.getByRole('dialog'))).toBeVisible();
      await expectAccessible(page, 'cancel dialog open');
      await page.keyboard.press('Escape');

      await page.goto(`/${locale}/profile/requests/drafts`);
      await page.getByRole('button', { name: m.DraftsList.delete }).first().click();
      await expect(page.getByRole('alertdialog').or(page.getByRole('dialog'))).toBeVisible();
      await expectAccessible(page, 'delete draft dialog open');
      await page.keyboard.press('Escape');

      await page.goto(`/${locale}/profile/edit`);
      await page.getByRole('button', { name: m.Profile.deleteAccount }).click();
      await expect(page.getByRole('alertdialog').or(page.getByRole('dialog'))).toBeVisible();
      await expectAccessible(page, 'delete account dialog open');
      expect(draft).toBeTruthy();
    });

    test('each step of the application', async ({ page, context }) => {
      const { token } = await signUp(context, page, locale);
      for (const step of STEPS) {
        const id = await draftThrough(context.request, token, step);
        await page.goto(`/${locale}/profile/requests/drafts/complete?id=${id}`);
        await expect(page.getByRole('heading', { level: 2, name: m.Wizard.steps[step] })).toBeVisible();
        await expectAccessible(page, `step ${step}`);
      }
      // Changes asked for: the task list with the office's note (issue 21).
      const { id: sentBack } = await requestAwaitingPayment(context.request, token);
      await paidAtCounter(context.request, token, sentBack);
      for (const [status, note] of [['under_review'], ['changes_requested', 'The passport scan is blurred']] as const) {
        await officeMoves(context.request, sentBack, status, note);
      }
      await page.goto(`/${locale}/profile/requests/edit?id=${sentBack}`);
      await expect(page.getByRole('heading', { level: 2, name: m.Wizard.tasks.title })).toBeVisible();
      await expectAccessible(page, 'changes task list');
      // A step's errors, shown after "Continue" on an empty applicant step.
      const id = await draftThrough(context.request, token, 'applicant');
      await page.goto(`/${locale}/profile/requests/drafts/complete?id=${id}`);
      await page.getByRole('button', { name: m.Wizard.continue }).click();
      await expect(page.getByRole('alert').filter({ has: page.getByRole('link') }).first()).toBeFocused();
      await expectAccessible(page, 'applicant step with errors');
      // The nationality list open (only its rows in sight are drawn), then with letters that match nothing.
      // Scrolled to first, as a reader would have: a list opened before the page has reported its own
      // scroll is closed by that report (react-aria closes a list whose page scrolls; nationality.spec.ts).
      // The list itself is checked: while it is open react-aria hides the rest of the page from screen
      // readers on purpose, which axe reports of every link left focusable there (adobe/react-spectrum#4937;
      // Tab closes the list before it leaves the field, so none of them can be reached hidden).
      const nationality = page.getByRole('combobox', { name: m.Fields.nationality });
      await nationality.scrollIntoViewIfNeeded();
      await page.getByRole('button', { name: m.Forms.showCountries }).click();
      await expect(page.getByRole('option').first()).toBeVisible();
      await expectAccessible(page, 'nationality list open', '[role=listbox]');
      await nationality.pressSequentially('zzz');
      await expect(page.getByRole('listbox').getByRole('option')).toHaveText([m.Forms.noCountry]);
      await expectAccessible(page, 'nationality list matching nothing', '[role=listbox]');
      // Tab leaves the field with the list closed, and nothing is left hidden.
      await page.keyboard.press('Tab');
      await expect(page.getByRole('listbox')).toHaveCount(0);
      await expectAccessible(page, 'applicant step after the nationality list');
    });

    test('payment screens: the test gateway checkout and the result', async ({ page, context }) => {
      const { token } = await signUp(context, page, locale);
      const { id } = await requestAwaitingPayment(context.request, token);
      await page.goto(`/${locale}/profile/requests/details/${id}`);
      await page.getByRole('button', { name: new RegExp(`^${m.Payments.pay.split('{')[0]!.trim()}`) }).first().click();
      await expect(page).toHaveURL(/\/test-gateway\//);
      await expectAccessible(page, 'test gateway checkout');
    });

    test('signing in with the keyboard alone', async ({ page, context }) => {
      const email = `keys.${locale}.${Date.now()}@example.com`;
      await context.request.post('/api/v1/auth/register', { data: { name: 'Aisha Rahman', email, password: 'Labbaik#2026', password_confirmation: 'Labbaik#2026' } });
      await context.clearCookies();
      await page.goto(`/${locale}/auth/login`);
      // From the top of the page: Tab until the e-mail field has focus, as a keyboard user would.
      const emailField = page.getByRole('textbox', { name: m.Auth.fields.email });
      for (let i = 0; i < 30 && !(await emailField.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
      await expect(emailField).toBeFocused();
      await page.keyboard.type(email);
      await page.keyboard.press('Tab');
      await expect(page.getByLabel(m.Auth.fields.password, { exact: true })).toBeFocused();
      await page.keyboard.type('Labbaik#2026');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${BASE_URL}/${locale}/?$`));
      await expect(page.getByRole('button', { name: m.Header.accountMenu.replace('{name}', 'Aisha Rahman') })).toBeVisible();
    });
  });
}
