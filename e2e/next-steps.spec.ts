import { expect, test } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { draftThrough, officeMoves, paidAtCounter, requestAwaitingPayment, signUp } from './session';
import { BASE_URL } from '../playwright.config';
import { IN_ARABIC, IN_ENGLISH } from './helpers';

const PASSWORD = 'Labbaik#2026';

// Always know what to do next (issue 21): the application page is titled by the request's state.

for (const locale of IN_ENGLISH) {
  const m = locale === 'en' ? en : (ar as typeof en);

  test(`a request the office sent back is titled with what to do; the changes are made from a task list, with the office's note in sight, then sent again (${locale})`, async ({ page, context }) => {
    test.setTimeout(60_000);
    const w = m.Wizard;
    const { token } = await signUp(context, page, locale);
    const { id } = await requestAwaitingPayment(context.request, token);
    await paidAtCounter(context.request, token, id);
    await officeMoves(context.request, id, 'under_review');
    await officeMoves(context.request, id, 'changes_requested', 'The passport scan is blurred');

    // The details lead with the office's note, and the way to make the changes.
    await page.goto(`/${locale}/profile/requests/details/${id}`);
    const detailsNote = page.getByRole('region', { name: m.RequestDetails.officeAsked });
    await expect(detailsNote).toContainText('The passport scan is blurred');
    await page.getByRole('link', { name: m.RequestDetails.actions.edit }).click();

    // The edit opens on the task list, never on the declaration, titled with what to do; the note stays at the top.
    await expect(page.getByRole('heading', { level: 2, name: w.tasks.title })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${locale}/profile/requests/edit\\?id=${id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.titles.changes);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('region', { name: m.RequestDetails.officeAsked })).toContainText('The passport scan is blurred');
    await expect(page.getByRole('checkbox', { name: w.declarationCheckbox })).toHaveCount(0);
    const tasks = page.getByRole('region', { name: w.tasks.title });
    await expect(tasks.getByRole('listitem')).toHaveCount(4);
    await tasks.getByRole('link', { name: new RegExp(w.steps.documents) }).click();
    await expect(page.getByRole('heading', { level: 2, name: w.steps.documents })).toBeVisible();
    await expect(page.getByRole('region', { name: m.RequestDetails.officeAsked })).toBeVisible();

    // Finished steps are links in the progress bar: straight to check answers.
    const progress = page.getByRole('navigation', { name: w.progress });
    await progress.getByRole('link', { name: new RegExp(w.steps.review) }).click();
    await expect(page.getByRole('heading', { level: 2, name: w.steps.review })).toBeVisible();
    // What is already paid, and a fresh declaration above "Accept and send again".
    await expect(page.getByRole('region', { name: w.cost.title })).toContainText(locale === 'ar' ? /مدفوع بالكامل: .+ \(رسوم حاج واحد\)\./ : /Paid in full: SAR.+ \(the fee for 1 pilgrim\)\./);
    const box = page.getByRole('checkbox', { name: w.declarationCheckbox });
    await expect(box).not.toBeChecked();
    await page.locator('label').filter({ hasText: w.declarationCheckbox }).click();
    await page.getByRole('button', { name: w.submitAgain }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.confirmation.resubmittedTitle);
  });
}

for (const locale of IN_ARABIC) {
  const m = locale === 'en' ? en : (ar as typeof en);
  const payLine = (text: string) => new RegExp(`^${m.PayBy.line.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace('{fee}', '.+').replace('{deadline}', '.+')}$`).test(text);

  test(`the list and the details say by when to pay and how much (${locale})`, async ({ page, context }) => {
    const { token } = await signUp(context, page, locale);
    const { reference } = await requestAwaitingPayment(context.request, token);
    await page.goto(`/${locale}/profile/requests`);
    const card = page.getByRole('article').filter({ hasText: reference });
    const line = card.getByTestId('pay-by').locator('time');
    await expect(line).toBeVisible();
    expect(payLine((await line.textContent())!)).toBe(true);
    // Three days ahead: not yet marked as due.
    await expect(card.getByText(m.PayBy.dueSoon)).toHaveCount(0);
    await card.getByRole('link', { name: m.RequestsList.details }).click();
    await expect(page.getByTestId('pay-by').locator('time')).toHaveText(/.+/);
    expect(payLine((await page.getByTestId('pay-by').locator('time').textContent())!)).toBe(true);
  });

  test(`the timeline reads newest first, and an ended request offers a way on (${locale})`, async ({ page, context }) => {
    const { token } = await signUp(context, page, locale);
    const { id } = await requestAwaitingPayment(context.request, token);
    await officeMoves(context.request, id, 'cancelled', 'Cancelled at your request');
    await page.goto(`/${locale}/profile/requests/details/${id}`);
    const timeline = page.getByRole('region', { name: m.RequestDetails.timeline.title });
    await expect(timeline.getByRole('listitem')).toHaveCount(2);
    await expect(timeline.getByRole('listitem').first()).toContainText(m.RequestStatus.cancelled);
    await expect(timeline.getByRole('listitem').last()).toContainText(m.RequestStatus.pending_payment);
    const wayOn = page.getByRole('group', { name: m.RequestDetails.wayOn.label });
    await wayOn.getByRole('link', { name: m.RequestDetails.wayOn.startNew }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/profile/requests/create$`));
    await page.goBack();
    await page.getByRole('group', { name: m.RequestDetails.wayOn.label }).getByRole('link', { name: m.RequestDetails.wayOn.backToRequests }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/profile/requests$`));
  });
}

for (const locale of IN_ENGLISH) {
  const m = locale === 'en' ? en : (ar as typeof en);

  // Signed out from the start: first the home page as a visitor who came by themselves sees it (it was a test of its own).
  test(`the home page says nothing of signing in to a visitor who came by themselves; a signed-out visitor of their requests is told why, and signing in leads back there (${locale})`, async ({ page, context, playwright }) => {
    // Two sign-ins by the form and five pages: it passed 30 s on two loaded cores before the home page joined it.
    test.setTimeout(60_000);
    await test.step('the home page says nothing of signing in to a visitor who came by themselves', async () => {
      await page.goto(`/${locale}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: m.Home.signInReason.requests })).toHaveCount(0);
      // Another site's address in `next` is no page of ours: no message, links without it.
      await page.goto(`/${locale}?next=${encodeURIComponent('https://evil.example/en/profile')}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: m.Home.signInReason.account })).toHaveCount(0);
      expect(await page.getByRole('link', { name: m.Home.startRequest, exact: true }).first().getAttribute('href')).not.toContain('evil');
    });

    // An account made by a client of its own: this browser starts signed out.
    const api = await playwright.request.newContext({ baseURL: BASE_URL });
    const email = `back.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
    expect((await api.post('/api/v1/auth/register', { data: { name: 'Aisha Rahman', email, password: PASSWORD, password_confirmation: PASSWORD } })).status()).toBe(201);
    await api.dispose();

    await page.goto(`/${locale}/profile/requests?status=pending_payment`);
    await expect(page).toHaveURL(new RegExp(`/${locale}\\?next=`));
    await expect(page.getByRole('heading', { level: 2, name: m.Home.signInReason.requests })).toBeVisible();
    // Every sign-in and registration link on the page carries the way back.
    const asked = encodeURIComponent(`/${locale}/profile/requests?status=pending_payment`);
    for (const name of [m.SignedOut.signIn, m.SignedOut.register, m.Home.startRequest]) {
      for (const link of await page.getByRole('link', { name, exact: true }).all()) {
        expect(await link.getAttribute('href'), name).toContain(`next=${asked}`);
      }
    }
    await page.getByRole('region', { name: m.Home.signInReason.requests }).getByRole('link', { name: m.SignedOut.signIn }).click();
    await page.getByRole('textbox', { name: m.Auth.fields.email }).fill(email);
    await page.getByRole('textbox', { name: m.Auth.fields.password, exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: m.Auth.login.submit }).click();
    await expect(page).toHaveURL(`${BASE_URL}/${locale}/profile/requests?status=pending_payment`);
    // And registering from the home page leads there too.
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto(`/${locale}/profile/requests`);
    await page.getByRole('region', { name: m.Home.signInReason.requests }).getByRole('link', { name: m.SignedOut.register }).click();
    await page.getByRole('textbox', { name: m.Auth.fields.name }).fill('Khalid Omar');
    await page.getByRole('textbox', { name: m.Auth.fields.email }).fill(`new.${email}`);
    await page.getByRole('textbox', { name: m.Auth.fields.password, exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: m.Auth.fields.passwordConfirmation }).fill(PASSWORD);
    await page.getByRole('button', { name: m.Auth.register.submit }).click();
    await expect(page).toHaveURL(`${BASE_URL}/${locale}/profile/requests`);
  });
}

for (const locale of IN_ARABIC) {
  const m = locale === 'en' ? en : (ar as typeof en);

  test(`the declaration is never ticked in advance, even when it was made before (${locale})`, async ({ page, context }) => {
    const { token } = await signUp(context, page, locale);
    // Every step finished through the API, the declaration included (stored as ticked).
    const id = await draftThrough(context.request, token);
    await page.goto(`/${locale}/profile/requests/drafts/complete?id=${id}&step=declaration`);
    const box = page.getByRole('checkbox', { name: m.Wizard.declarationCheckbox });
    await expect(box).toBeVisible();
    await expect(box).not.toBeChecked();
    // Sending without ticking it again is refused, naming the box.
    await page.getByRole('button', { name: m.Wizard.submit }).click();
    await expect(page.getByRole('alert').filter({ hasText: m.Forms.summaryTitle })).toBeFocused();
    await page.locator('label').filter({ hasText: m.Wizard.declarationCheckbox }).click();
    await expect(box).toBeChecked();
    await page.getByRole('button', { name: m.Wizard.submit }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(m.Wizard.confirmation.payTitle.split(' {fee}')[0]!);
  });
}

for (const locale of IN_ENGLISH) {
  const m = locale === 'en' ? en : (ar as typeof en);

  test(`the account page leads with what needs doing, and the account menu counts it (${locale})`, async ({ page, context }) => {
    test.setTimeout(60_000);
    const { token } = await signUp(context, page, locale);
    await page.goto(`/${locale}/profile`);
    const section = page.getByRole('region', { name: m.NeedsDoing.title });
    await expect(section).toContainText(m.NeedsDoing.nothing);
    await expect(page.getByTestId('needs-doing-count')).toHaveCount(0);

    // The one sent back first, and paid, before the one to pay is sent: an account holds one unpaid request per
    // service (issue 58, item 2).
    const { id: sentBackId, reference: sentBack } = await requestAwaitingPayment(context.request, token);
    await paidAtCounter(context.request, token, sentBackId);
    const { reference: toPay } = await requestAwaitingPayment(context.request, token);
    await officeMoves(context.request, sentBackId, 'under_review');
    await officeMoves(context.request, sentBackId, 'changes_requested', 'The passport scan is blurred.\nUpload a sharper one.');
    await draftThrough(context.request, token, 'companions');

    await page.reload();
    const items = section.getByRole('listitem');
    await expect(items).toHaveCount(3);
    // The payment: its reference, amount and deadline, and Pay.
    const payment = items.filter({ hasText: toPay });
    await expect(payment.getByRole('heading', { level: 3 })).toContainText(m.NeedsDoing.awaitingPayment);
    await expect(payment.getByTestId('pay-by')).toBeVisible();
    await expect(payment.getByRole('button', { name: new RegExp(`^${m.Payments.pay.split('{')[0]!.trim()}`) })).toBeVisible();
    // The changes: the note's first line and the way to make them.
    const changes = items.filter({ hasText: sentBack });
    await expect(changes).toContainText('The passport scan is blurred.');
    await expect(changes).not.toContainText('Upload a sharper one.');
    await expect(changes.getByRole('link', { name: m.NeedsDoing.makeChanges })).toHaveAttribute('href', `/${locale}/profile/requests/edit?id=${sentBackId}`);
    // The draft: how far it got and Continue.
    const draft = items.filter({ hasText: m.NeedsDoing.draft });
    await expect(draft.getByRole('progressbar')).toBeVisible();
    await expect(draft.getByRole('link', { name: m.NeedsDoing.continue })).toBeVisible();
    // The personal details come after.
    await expect(page.getByRole('heading', { level: 2, name: m.Titles.personalDetails })).toBeVisible();

    // Two things run on someone else's clock: the header says so, and the menu's account entry too.
    const count = page.getByRole('banner').getByTestId('needs-doing-count');
    await expect(count).toHaveText(locale === 'ar' ? '٢أمران مطلوبان' : '22 things to do');
    await expect(count).toHaveAccessibleName(locale === 'ar' ? 'أمران مطلوبان' : '2 things to do');
    await expect(count).toHaveAttribute('href', `/${locale}/profile`);
    await page.getByRole('button', { name: m.Header.accountMenu.replace('{name}', 'Aisha Rahman') }).click();
    await expect(page.getByRole('menuitem', { name: `${m.Header.profile} (${locale === 'ar' ? 'أمران مطلوبان' : '2 things to do'})` })).toBeVisible();
  });
}
