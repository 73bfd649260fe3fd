import { expect, test } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { watchViolations } from './csp-violations';
import { draftThrough, paidRequest, signInStaff, signUp, uniquePassport } from './session';
import { expectAccessible } from './axe';
import { IN_ENGLISH } from './helpers';

// Issue 41: a reviewer's morning in the console, with the keyboard. Five
// requests of one pilgrim, assigned at once from the team's pool; my work
// grouped by lateness; one opened with Enter; its duplicates; changes asked
// with a ready-made reason; the answer changed shown old -> new; approved in
// one step by keyboard, then on to the next request.

const MESSAGES = { en, ar: ar as typeof en } as const;

for (const locale of IN_ENGLISH) {
  const m = MESSAGES[locale];
  const o = m.Office;

  test(`a reviewer's morning: bulk-assign five, my work by lateness, Enter, duplicates, a reason, old -> new, approve, next (${locale})`, async ({ page, context, browser }) => {
    test.setTimeout(150_000);
    const { token, email } = await signUp(context, page, locale);
    const headers = { authorization: `Bearer ${token}` };
    const requests = [];
    for (let i = 0; i < 5; i += 1) requests.push(await paidRequest(context.request, token));

    const office = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await signInStaff(office.request, 'reviewer', 'Yusuf Saleh');
    const desk = await office.newPage();
    const check = await watchViolations(desk);

    // The team's pool, this pilgrim's five: all selected, assigned to me at once.
    await desk.goto(`/${locale}/office/requests?view=unassigned&q=${encodeURIComponent(email)}`);
    await expect(desk.getByRole('link', { name: o.queue.views.unassigned })).toHaveAttribute('aria-current', 'page');
    await expect(desk.getByRole('checkbox', { name: /^(Select|تحديد) [A-Z]{2}-/ })).toHaveCount(5);
    await desk.getByRole('checkbox', { name: o.queue.selectAll }).check();
    const bulk = desk.getByRole('region', { name: new RegExp(o.queue.bulk.title) });
    await bulk.getByRole('button', { name: o.queue.bulk.assignMe }).click();
    await expect(bulk.getByRole('status')).toContainText(locale === 'en' ? 'Done for 5 requests.' : 'تم لـ٥ طلبات.');

    // The queue opens on my work: the five, grouped by how late they are (five working days away: later), each with its clock.
    await desk.goto(`/${locale}/office/requests`);
    await expect(desk.getByRole('link', { name: o.queue.views.mine })).toHaveAttribute('aria-current', 'page');
    await expect(desk.getByRole('heading', { level: 3, name: new RegExp(o.queue.groups.later) })).toBeVisible();
    await expect(desk.getByRole('row')).toHaveCount(7);
    // At 1280 × 800 with the filters folded, the first request is in sight.
    await expect(desk.getByRole('row').nth(2)).toBeInViewport();
    await expectAccessible(desk, 'my work');

    // The keyboard: ? lists the keys; j takes the first row, Enter opens it.
    await desk.keyboard.press('?');
    await expect(desk.getByRole('dialog', { name: o.queue.shortcuts.title })).toBeVisible();
    await desk.keyboard.press('Escape');
    await expect(desk.getByRole('dialog')).toHaveCount(0);
    await desk.keyboard.press('j');
    await desk.keyboard.press('k');
    await expect(desk.getByRole('row').nth(2)).toBeFocused();
    await desk.keyboard.press('Enter');
    await expect(desk).toHaveURL(new RegExp(`/office/requests/[0-9a-f-]{36}$`));
    const id = desk.url().split('/').pop()!;
    const opened = requests.find((request) => request.id === id)!;
    expect(opened).toBeTruthy();

    // The same pilgrim on a Hajj request too, sent and awaiting payment: a passport is on one live request per service and
    // season (issue 58, item 2), so two Umrah requests cannot share it, but a request of another service can.
    const openedPassport = (await (await context.request.get(`/api/v1/requests/${id}`, { headers })).json()).data.data.applicant.passport_number as string;
    const twin = await draftThrough(context.request, token, undefined, 'standard', 'hajj', { passportNumber: openedPassport });
    expect((await context.request.post(`/api/v1/requests/${twin}/submit`, { headers, data: {} })).status()).toBe(200);
    await desk.reload();

    // The request: its package, and the other requests with the same passport.
    await expect(desk.getByTestId('request-package')).toHaveText(m.RequestDetails.packages.standard);
    const duplicates = desk.getByRole('region', { name: o.request.duplicates.titleExact });
    await expect(duplicates).toContainText(o.request.duplicates.passport_number);
    await expect(duplicates.getByRole('link').first()).toHaveText(/^[A-Z]{2}-\d{4}-\d{6}$/);
    await expectAccessible(desk, 'request with duplicates');

    // Changes, in one step: the passport number, with a ready-made reason and a note, and the pilgrim's language beside the message.
    await expect(desk.getByRole('radio', { checked: true })).toHaveCount(0);
    await desk.getByRole('radio', { name: o.request.moves.changes_requested }).check();
    await desk.getByRole('checkbox', { name: o.request.flaggable.passport_number }).first().check();
    await desk.getByRole('combobox', { name: o.request.reasonFor.replace('{field}', o.request.flaggable.passport_number) }).selectOption('passport_number_mismatch');
    // The pilgrim's language is their account's: registered through the API with no Accept-Language, Arabic (the default),
    // which the console in English names beside the message. (A bare "English" matched the old field name "Name in English".)
    const pilgrimLocale = (await (await context.request.get('/api/v1/me', { headers })).json()).data.locale as 'en' | 'ar';
    expect(pilgrimLocale).toBe('ar');
    await expect(desk.getByText(o.request.pilgrimReads.replace('{language}', o.request.languages[pilgrimLocale]))).toBeVisible();
    await desk.getByRole('textbox', { name: o.request.noteToPilgrim }).fill('Please check the passport number.');
    await desk.getByRole('button', { name: o.request.confirmDecision }).click();
    await expect(desk.getByTestId('request-status')).toHaveText(o.status.changes_requested);

    // The pilgrim is told the field and the reason in their language; they correct it and send it again.
    const notices = (await (await context.request.get('/api/v1/notifications', { headers: { ...headers, 'accept-language': locale } })).json()).data as { type: string; body: string }[];
    expect(notices.find((notice) => notice.type === 'changes_requested')!.body).toContain(m.ChangeReasons.passport_number_mismatch);
    const own = (await (await context.request.get(`/api/v1/requests/${id}`, { headers })).json()).data;
    // The corrected number, of this test's own: sent again, it too must be on no other live request.
    const corrected = uniquePassport('A');
    const saved = await context.request.patch(`/api/v1/requests/${id}`, { headers, data: { step: 'applicant', data: { ...own.data.applicant, passport_number: corrected }, version: own.version, complete: true } });
    expect(saved.status()).toBe(200);
    expect((await context.request.post(`/api/v1/requests/${id}/submit`, { headers, data: {} })).status()).toBe(200);

    // Back in the console: old -> new, then approved in one step, and on to the next request.
    await desk.reload();
    const changed = desk.getByRole('region', { name: o.request.changes.title });
    await expect(changed.locator('del')).toHaveText(own.data.applicant.passport_number);
    await expect(changed.locator('ins')).toHaveText(corrected);
    // By keyboard alone: Space chooses, Enter decides; focus lands on what the move did, and the next request is one Tab on.
    await desk.getByRole('radio', { name: o.request.moves.approved }).focus();
    await desk.keyboard.press('Space');
    await expect(desk.getByRole('radio', { name: o.request.moves.approved })).toBeChecked();
    await desk.getByRole('button', { name: o.request.confirmDecision }).focus();
    await desk.keyboard.press('Enter');
    await expect(desk.getByTestId('request-status')).toHaveText(o.status.approved);
    await expect(desk.getByRole('status').filter({ hasText: o.request.moved.split('{')[0]! })).toBeFocused();
    const next = desk.getByRole('link', { name: new RegExp(o.request.next) });
    await expect(next).toBeVisible();
    await desk.keyboard.press('Tab');
    await expect(next).toBeFocused();
    await desk.keyboard.press('Enter');
    await expect(desk).toHaveURL(new RegExp(`/office/requests/(?!${id})[0-9a-f-]{36}$`));
    await expect(desk.getByTestId('request-status')).toHaveText(o.status.submitted);
    await check();
    await office.close();
  });
}
