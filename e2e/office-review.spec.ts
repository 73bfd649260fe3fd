import { expect, test } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { watchViolations } from './csp-violations';
import { paidRequest, requestAwaitingPayment, signInStaff, signUp, uniquePassport } from './session';
import { expectAccessible } from './axe';
import { linkIn, mailTo } from './mail';
import { CURRENCY_LABEL, IN_ARABIC, IN_ENGLISH } from './helpers';

// Issue 18: the office works a request in the console, and the pilgrim sees
// what it asked for. Staff sign in through the API (office.spec.ts walks the
// sign-in screens); everything after is done on the screens.

const MESSAGES = { en, ar: ar as typeof en } as const;

for (const locale of IN_ARABIC) {
  const m = MESSAGES[locale];
  const o = m.Office;

  test(`a reviewer asks for a passport number to be changed; the pilgrim sees it highlighted, fixes it and sends it again; the reviewer approves (${locale})`, async ({ page, context, browser }) => {
    test.setTimeout(120_000);
    const { token } = await signUp(context, page, locale);
    const { id, reference } = await paidRequest(context.request, token);

    const office = await browser.newContext();
    await signInStaff(office.request, 'reviewer', 'Yusuf Saleh');
    const desk = await office.newPage();
    const check = await watchViolations(desk);

    // The queue: found by its reference.
    await desk.goto(`/${locale}/office/requests`);
    await expect(desk.getByRole('heading', { level: 1, name: o.queue.title })).toBeVisible();
    // The filters are folded (issue 41): / opens them on the search box.
    await expect(async () => {
      await desk.keyboard.press('/');
      await expect(desk.getByRole('searchbox', { name: o.queue.q })).toBeFocused({ timeout: 1_000 });
    }).toPass();
    await desk.getByRole('searchbox', { name: o.queue.q }).fill(reference);
    await desk.getByRole('button', { name: o.queue.apply }).click();
    await expect(desk).toHaveURL(new RegExp(`q=${reference}`));
    await expect(desk.getByRole('heading', { level: 2, name: locale === 'en' ? '1 request' : 'طلب واحد' })).toBeVisible();
    await expect(desk.getByRole('row')).toHaveCount(2);
    await expectAccessible(desk, 'queue');
    await desk.getByRole('link', { name: reference }).click();

    // The request: the photo shown inline, the passport scan (a PDF) drawn page by page and opened in a tab.
    await expect(desk.getByRole('heading', { level: 1, name: o.request.title })).toBeVisible();
    await expect(desk.getByTestId('request-status')).toHaveText(o.status.submitted);
    // By its name: the documents come in upload order, passport first, and once
    // pdf.js has drawn the passport's page (role img too) it is the first image.
    const photo = desk.getByRole('img', { name: o.request.documentOf.replace('{kind}', m.Fields.photo).replace('{pilgrim}', o.request.applicant), exact: true });
    // Beside the applicant's answers, loaded once in sight (loading="lazy").
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    // The passport scan drawn inside the page (pdf.js, under the console's CSP: watchViolations), named for a screen reader.
    const one = locale === 'ar' ? '١' : '1';
    const scanLabel = o.request.documentOf.replace('{kind}', m.Fields.passport).replace('{pilgrim}', o.request.applicant);
    const drawn = desk.getByTestId('pdf-pages').locator('canvas');
    await expect(drawn).toHaveCount(1);
    await expect(drawn).toHaveAttribute('aria-label', o.request.pdfPage.replace('{document}', scanLabel).replace('{page}', one).replace('{pages}', one));
    // The green band across the page (e2e/session.ts draws it) is on the canvas: the page was drawn, not only made.
    const band = await drawn.evaluate((canvas: HTMLCanvasElement) => {
      const k = canvas.width / 298;
      return Array.from(canvas.getContext('2d')!.getImageData(Math.round(149 * k), Math.round(240 * k), 1, 1).data.slice(0, 3));
    });
    expect(band[0]).toBeLessThan(40);
    expect(band[1]).toBeGreaterThan(80);
    const [scan] = await Promise.all([desk.waitForEvent('popup'), desk.getByRole('link', { name: o.request.openPdf }).click()]);
    await expect.poll(() => new URL(scan.url()).pathname).toMatch(/^\/api\/v1\/office\/documents\/[0-9a-f-]{36}$/);
    // What the tab was given (the browser's PDF viewer then shows it): the PDF itself, inline.
    const shown = await office.request.get(scan.url());
    expect(shown.status()).toBe(200);
    expect(shown.headers()['content-type']).toBe('application/pdf');
    expect(shown.headers()['content-disposition']).toMatch(/^inline;/);
    expect((await shown.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await scan.close();
    await expectAccessible(desk, 'request');

    // Nothing is chosen for the reviewer (issue 41); asking for changes is one step from the request just sent.
    await expect(desk.getByRole('radio', { checked: true })).toHaveCount(0);
    await desk.getByRole('radio', { name: o.request.moves.changes_requested }).check();
    await desk.getByRole('button', { name: o.request.confirmDecision }).click();
    // Nothing chosen and no message: the summary says both, and takes the focus.
    await expect(desk.getByRole('alert').filter({ has: desk.getByRole('link') }).first()).toBeFocused();
    await expectAccessible(desk, 'decision with errors');
    await desk.getByRole('checkbox', { name: o.request.flaggable.passport_number }).first().check();
    await desk.getByRole('textbox', { name: o.request.noteToPilgrim }).fill('The passport number does not match the scan.');
    await desk.getByRole('button', { name: o.request.confirmDecision }).click();
    await expect(desk.getByTestId('request-status')).toHaveText(o.status.changes_requested);

    // The pilgrim: told what to change, where, and the field is marked.
    await page.goto(`/${locale}/profile/requests/edit?id=${id}`);
    const tasks = page.getByRole('region', { name: m.Wizard.tasks.title });
    await expect(tasks).toContainText(m.Wizard.tasks.flagged.replace('{items}', m.Fields.passport_number));
    await tasks.getByRole('link', { name: new RegExp(m.Wizard.steps.applicant) }).click();
    const marked = page.locator('[data-flagged="true"]');
    await expect(marked).toHaveCount(1);
    await expect(marked).toContainText(m.Wizard.flaggedMark);
    // The corrected number, of this test's own: sent again, it must be on no other live request (issue 58, item 2).
    const corrected = uniquePassport('A');
    await marked.getByRole('textbox', { name: m.Fields.passport_number }).fill(corrected);
    await page.getByRole('button', { name: m.Wizard.continue }).click();
    // Saved and back to the task list (issue 40), which says the part is changed; from there to check answers.
    await expect(tasks.getByRole('listitem').filter({ hasText: m.Wizard.steps.applicant })).toContainText(m.Wizard.tasks.changed);
    await tasks.getByRole('button', { name: m.Wizard.tasks.checkAnswers }).click();
    await expect(page.getByRole('heading', { level: 2, name: m.Wizard.steps.review })).toBeVisible();
    await page.locator('label').filter({ hasText: m.Wizard.declarationCheckbox }).click();
    await page.getByRole('button', { name: m.Wizard.submitAgain }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.Wizard.confirmation.resubmittedTitle);

    // The reviewer sees it back, and approves.
    await desk.reload();
    await expect(desk.getByTestId('request-status')).toHaveText(o.status.submitted);
    await expect(desk.getByText(corrected).first()).toBeVisible();
    await desk.getByRole('radio', { name: o.request.moves.approved }).check();
    await desk.getByRole('button', { name: o.request.confirmDecision }).click();
    await expect(desk.getByTestId('request-status')).toHaveText(o.status.approved);
    // The history names the reviewer.
    await expect(desk.getByRole('region', { name: o.request.history })).toContainText('Yusuf Saleh');
    await check();
    await office.close();
  });

  test(`finance proposes a refund with its amount and the pilgrims named; a second member approves it (${locale})`, async ({ page, context, browser }) => {
    test.setTimeout(90_000);
    const { token } = await signUp(context, page, locale);
    const { id } = await paidRequest(context.request, token);
    const fee = (await (await context.request.get(`/api/v1/requests/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()).data.fee_minor as number;
    const office = await browser.newContext();
    await signInStaff(office.request, 'finance', 'Khalid Omar');
    const desk = await office.newPage();
    await desk.goto(`/${locale}/office/requests/${id}`);
    // Finance may cancel with a refund, not review; nothing is chosen for them (issue 41).
    await expect(desk.getByRole('radio')).toHaveCount(1);
    await expect(desk.getByRole('radio', { checked: true })).toHaveCount(0);
    await desk.getByRole('radio', { name: o.request.moves.cancelled }).check();
    // A partial refund: 500 riyals kept.
    const partial = fee - 50_000;
    await desk.getByRole('textbox', { name: o.request.refund.amount.replace('{currency}', CURRENCY_LABEL[locale]) }).fill((partial / 100).toFixed(2));
    await desk.getByRole('textbox', { name: o.request.noteToPilgrim }).fill('Cancelled at the applicant’s request by phone.');
    await desk.getByRole('button', { name: o.request.confirmDecision }).click();
    // Confirmed first, with the amount and whose request.
    const confirm = desk.getByRole('group', { name: o.request.refund.confirmTitle });
    await expect(confirm).toContainText(locale === 'en' ? 'Aisha Rahman' : 'عائشة رحمن');
    // Focus is on the confirmation (the button that opened it is gone); Back returns it to that button, which opens it again.
    await expect(confirm.getByRole('heading', { name: o.request.refund.confirmTitle })).toBeFocused();
    await confirm.getByRole('button', { name: o.request.refund.back }).click();
    await expect(desk.getByRole('button', { name: o.request.confirmDecision })).toBeFocused();
    await desk.keyboard.press('Enter');
    await expect(confirm.getByRole('heading', { name: o.request.refund.confirmTitle })).toBeFocused();
    await expectAccessible(desk, 'refund confirmation');
    await confirm.getByRole('button', { name: o.request.refund.confirm }).click();
    await expect(desk.getByRole('status').filter({ hasText: o.request.refund.proposed })).toBeFocused();
    // Proposed: the request as it was, awaiting another member.
    await expect(desk.getByTestId('request-status')).toHaveText(o.status.submitted);
    const awaiting = desk.getByRole('region', { name: o.request.refund.title });
    await expect(awaiting).toContainText('Khalid Omar');
    await expect(awaiting).toContainText(o.request.refund.own);
    await expect(awaiting.getByRole('button')).toHaveCount(0);

    // A second finance member approves it.
    const second = await browser.newContext();
    await signInStaff(second.request, 'finance', 'Huda Salem');
    const other = await second.newPage();
    // Noticed (issue 63, item 4): on the dashboard of those who may approve it, with who proposed it; its link opens the request.
    await other.goto(`/${locale}/office`);
    const waiting = other.getByTestId('refunds-awaiting');
    await expect(waiting).toContainText('Khalid Omar');
    await waiting.locator(`a[href$="/office/requests/${id}"]`).click();
    await expect(other).toHaveURL(new RegExp(`/${locale}/office/requests/${id}$`));
    // Approving asks first, with the amount and the pilgrims; the confirmation takes the focus.
    await other.getByRole('region', { name: o.request.refund.title }).getByRole('button', { name: o.request.refund.approve }).click();
    await expect(other.getByRole('heading', { name: o.request.refund.approveTitle })).toBeFocused();
    await other.getByRole('button', { name: o.request.refund.approveConfirm }).click();
    await expect(other.getByRole('status').filter({ hasText: o.request.refund.approved })).toBeFocused();
    await expect(other.getByTestId('request-status')).toHaveText(o.status.cancelled);
    // Partial: "SAR 1,450.00 refunded of SAR 1,500.00", never "Refunded" alone (issue 57, item 4).
    await expect(other.getByRole('region', { name: o.request.payments })).toContainText(locale === 'en' ? 'refunded of SAR' : 'استُرد');
    await expect(other.getByRole('region', { name: o.request.payments })).not.toContainText(m.Money.line.refunded.replace('{back}', '').trim());
    await expectAccessible(other, 'cancelled request');
    // The pilgrim's request says so too; the part refunded is what was proposed.
    const own = (await (await context.request.get(`/api/v1/requests/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()).data;
    expect(own.money).toMatchObject({ state: 'partially_refunded', refunded_minor: partial, paid_minor: fee });
    await office.close();
    await second.close();
  });

  test(`finance records a payment received at the counter: the request goes on, the pilgrim sees it paid (${locale})`, async ({ page, context, browser }) => {
    test.setTimeout(90_000);
    const { token } = await signUp(context, page, locale);
    const { id } = await requestAwaitingPayment(context.request, token);
    const office = await browser.newContext();
    await signInStaff(office.request, 'finance', 'Khalid Omar');
    const desk = await office.newPage();
    const check = await watchViolations(desk);
    await desk.goto(`/${locale}/office/requests/${id}`);
    await expect(desk.getByTestId('request-status')).toHaveText(o.status.pending_payment);
    const form = desk.getByRole('region', { name: o.request.counter.title });
    const amount = form.getByRole('textbox', { name: o.request.counter.amount.replace('{currency}', CURRENCY_LABEL[locale]) });
    // The amount starts as the fee; the receipt number is asked for.
    const fee = (await (await context.request.get(`/api/v1/requests/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()).data.fee_minor as number;
    await expect(amount).toHaveValue((fee / 100).toFixed(2));
    await form.getByRole('button', { name: o.request.counter.record }).click();
    await expect(form.getByRole('alert')).toContainText(o.request.counter.receiptRequired);
    const receipt = form.getByRole('textbox', { name: o.request.counter.receipt });
    await expect(receipt).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(desk, 'counter payment with an error');
    const number = `CTR-${Date.now().toString(36).toUpperCase()}`;
    // Typed in lower case, it is kept in its one form, upper case (issue 58, item 8).
    await receipt.fill(number.toLowerCase());
    await form.getByRole('button', { name: o.request.counter.record }).click();
    await expect(desk.getByRole('status').filter({ hasText: o.request.counter.recorded.split('“')[0]!.split('«')[0]! })).toBeVisible();
    await expect(desk.getByTestId('request-status')).toHaveText(o.status.submitted);
    await expect(desk.getByRole('region', { name: o.request.payments })).toContainText(number);
    // Parts of a line joined by the language's comma, never "·": beside Arabic-Indic digits it reads as ٠ (issue 40, item 6).
    await expect(desk.getByRole('region', { name: o.request.payments })).toContainText(locale === 'ar' ? '، ' : ', ');
    await expect(desk.locator('main')).not.toContainText('·');
    await expect(form).toHaveCount(0);
    await expectAccessible(desk, 'counter payment recorded');
    await check();
    const own = (await (await context.request.get(`/api/v1/requests/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()).data;
    expect(own).toMatchObject({ status: 'submitted', money: expect.objectContaining({ state: 'paid' }) });
    expect(own.payments[0]).toMatchObject({ provider: 'counter', receipt_number: number });
    await office.close();
  });
}

for (const locale of IN_ENGLISH) {
  const o = MESSAGES[locale].Office;

  test(`an admin invites a member, changes a colleague's role, resets their two-factor and reads it all in the audit log (${locale})`, async ({ browser }) => {
    test.setTimeout(90_000);
    const office = await browser.newContext();
    await signInStaff(office.request, 'admin', 'Amina Saleh');
    const colleague = await browser.newContext();
    await signInStaff(colleague.request, 'reviewer', `Colleague ${locale}${Date.now()}`);
    const colleagueName = (await (await colleague.request.get('/api/v1/office/me')).json()).data.name as string;
    const desk = await office.newPage();
    const check = await watchViolations(desk);
    await desk.goto(`/${locale}/office/staff`);
    await expect(desk.getByRole('heading', { level: 1, name: o.staff.title })).toBeVisible();
    await expectAccessible(desk, 'staff');

    // Invite: a wrong address is refused on its field; a right one sends the e-mail, and the link goes to the
    // member alone: the screen says where it went and never shows it (issue 58, item 3).
    const invite = desk.getByRole('form', { name: o.staff.inviteTitle });
    await invite.getByRole('textbox', { name: o.staff.fields.name }).fill('Maryam Idris');
    await invite.getByRole('textbox', { name: o.staff.fields.email }).fill('not an address');
    await invite.getByRole('button', { name: o.staff.invite }).click();
    await expect(invite.getByRole('alert').filter({ has: desk.getByRole('link') }).first()).toBeFocused();
    const maryam = `maryam.${locale}.${Date.now()}@office.example`;
    await invite.getByRole('textbox', { name: o.staff.fields.email }).fill(maryam);
    await invite.getByRole('combobox', { name: o.staff.fields.role }).selectOption('finance');
    await invite.getByRole('button', { name: o.staff.invite }).click();
    await expect(invite.getByRole('status')).toHaveText(o.staff.invited.replace('{email}', `\u2068${maryam}\u2069`));
    const invitation = await mailTo(maryam, 'staff_invite');
    const token = linkIn(invitation, `/${locale}/office/set-password`).searchParams.get('token')!;
    await expect(desk.locator('body')).not.toContainText(token);
    await expect(desk.locator('body')).not.toContainText('set-password');
    const newcomer = desk.getByRole('listitem').filter({ has: desk.getByRole('heading', { level: 3, name: 'Maryam Idris' }) }).filter({ hasText: maryam });
    await expect(newcomer).toContainText(o.staff.invitedBy.replace('{name}', '\u2068Amina Saleh\u2069'));

    // The colleague becomes finance: signed out at once.
    const card = desk.getByRole('listitem').filter({ has: desk.getByRole('heading', { level: 3, name: colleagueName }) });
    await card.getByRole('combobox').selectOption('finance');
    await card.getByRole('button', { name: o.staff.changeRole }).click();
    await expect(desk.getByRole('status').last()).toContainText(colleagueName);
    expect((await colleague.request.get('/api/v1/office/me')).status()).toBe(401);
    await card.getByRole('button', { name: o.staff.resetTwoFactor.replace('{name}', colleagueName) }).click();
    await expect(card).toContainText(o.staff.state.noTwoFactor);
    // The member's role and states joined by the language's comma, never "·" (issue 40, item 6).
    await expect(card).toContainText(`${o.roles.finance}${locale === 'ar' ? '، ' : ', '}`);
    await expect(desk.locator('main')).not.toContainText('·');

    // Each of these is in the audit log, by the admin.
    await desk.goto(`/${locale}/office/audit?action=staff.`);
    await expect(desk.getByRole('table')).toContainText('staff.two_factor_reset');
    await expect(desk.getByRole('table')).toContainText('staff.change');
    await expectAccessible(desk, 'audit');
    await check();
    await office.close();
    await colleague.close();
  });
}
