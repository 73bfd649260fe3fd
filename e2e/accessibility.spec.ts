import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { BASE_URL } from '../playwright.config';
import { draftThrough, officeMoves, paidAtCounter, requestAwaitingPayment, signUp } from './session';
import { expectAccessible, withAxe } from './axe';
import { IN_BOTH } from './helpers';

type Messages = typeof en;
const MESSAGES = { en, ar: ar as Messages } as const;

// WCAG 2.2 AA, as axe-core tests it: every screen in both languages, signed out
// and signed in, each step of the application, with dialogs and menus open.
//
// One browser page per language walks every screen (issue 60, item 8; docs/TESTING.md, thirteenth round): the tests
// of a language run in order on it (serial), signed out first, then as one account signed up through the API, and
// a dialog or menu is opened on the page already checked rather than on a second visit. Axe's checks are the same.

const PUBLIC = ['/', '/faqs', '/static/about', '/static/terms', '/static/privacy', '/static/contact', '/auth/login', '/auth/register', '/no/such/page', '/check-payment'];
const STEPS = ['service', 'applicant', 'companions', 'documents', 'review'] as const;

for (const locale of IN_BOTH) {
  const m = MESSAGES[locale];

  test.describe(`accessibility (${locale})`, () => {
    // Each test checks many screens; axe takes a second or two per screen. In order, on one page.
    test.describe.configure({ mode: 'serial', timeout: 180_000 });
    let context: BrowserContext;
    let page: Page;
    // The account of the signed-in screens, its request awaiting payment and a draft stopped before the applicant step.
    let token: string;
    let id: string;
    let draft: string;

    test.beforeAll(async ({ browser }) => {
      context = await browser.newContext({ baseURL: BASE_URL });
      await withAxe(context);
      page = await context.newPage();
    });
    test.afterAll(async () => {
      await context.close();
    });

    test('public screens', async () => {
      for (const path of PUBLIC) {
        await page.goto(`/${locale}${path === '/' ? '' : path}`);
        await expectAccessible(page, path);
      }
    });

    test('forms with their errors: the summary takes focus', async () => {
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

    test('signing in with the keyboard alone', async () => {
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

    test('signed-in screens, menus and dialogs', async () => {
      ({ token } = await signUp(context, page, locale));
      ({ id } = await requestAwaitingPayment(context.request, token));
      draft = await draftThrough(context.request, token, 'applicant');
      expect(draft).toBeTruthy();
      // Each screen, then what opens on it: the account menu, the delete-account, delete-draft and cancel dialogs.
      const opens: Record<string, { button: string; screen: string; role: 'menu' | 'dialog' }> = {
        '/profile': { button: m.Header.accountMenu.replace('{name}', 'Aisha Rahman'), screen: 'account menu open', role: 'menu' },
        '/profile/edit': { button: m.Profile.deleteAccount, screen: 'delete account dialog open', role: 'dialog' },
        '/profile/requests/drafts': { button: m.DraftsList.delete, screen: 'delete draft dialog open', role: 'dialog' },
        [`/profile/requests/details/${id}`]: { button: m.RequestDetails.actions.cancel, screen: 'cancel dialog open', role: 'dialog' },
      };
      for (const path of ['/profile', '/profile/edit', '/profile/requests', '/profile/requests/drafts', '/notifications', `/profile/requests/details/${id}`, '/profile/requests/create']) {
        await page.goto(`/${locale}${path}`);
        // The page's own data has arrived when nothing is busy any more (the live stream stays open, so not networkidle).
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await expectAccessible(page, path);
        const open = opens[path];
        if (!open) continue;
        await page.getByRole('button', { name: open.button }).first().click();
        await expect(open.role === 'menu' ? page.getByRole('menu') : page.getByRole('alertdialog').or(page.getByRole('dialog'))).toBeVisible();
        await expectAccessible(page, open.screen);
        await page.keyboard.press('Escape');
      }
    });

    test('each step of the application', async () => {
      for (const step of STEPS) {
        const stepDraft = await draftThrough(context.request, token, step);
        await page.goto(`/${locale}/profile/requests/drafts/complete?id=${stepDraft}`);
        await expect(page.getByRole('heading', { level: 2, name: m.Wizard.steps[step] })).toBeVisible();
        await expectAccessible(page, `step ${step}`);
      }
      // Changes asked for: the task list with the office's note (issue 21), on the request of the signed-in screens.
      await paidAtCounter(context.request, token, id);
      for (const [status, note] of [['under_review'], ['changes_requested', 'The passport scan is blurred']] as const) {
        await officeMoves(context.request, id, status, note);
      }
      await page.goto(`/${locale}/profile/requests/edit?id=${id}`);
      await expect(page.getByRole('heading', { level: 2, name: m.Wizard.tasks.title })).toBeVisible();
      await expectAccessible(page, 'changes task list');
      // A step's errors, shown after "Continue" on an empty applicant step.
      await page.goto(`/${locale}/profile/requests/drafts/complete?id=${draft}`);
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

    test('payment screens: the test gateway checkout and the result', async () => {
      // The first request is paid (the task list above): a second one, awaiting payment.
      const { id: unpaid } = await requestAwaitingPayment(context.request, token);
      await page.goto(`/${locale}/profile/requests/details/${unpaid}`);
      await page.getByRole('button', { name: new RegExp(`^${m.Payments.pay.split('{')[0]!.trim()}`) }).first().click();
      await expect(page).toHaveURL(/\/test-gateway\//);
      await expectAccessible(page, 'test gateway checkout');
    });
  });
}
