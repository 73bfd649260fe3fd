import { expect, test, type APIRequestContext, type APIResponse, type BrowserContext, type Page } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { BASE_URL } from '../playwright.config';
import { firstOpenMonth, signUp as signUpPilgrim, uniquePassport } from './session';
import { IN_ENGLISH } from './helpers';

// The requests list, the drafts list and the details page, seen by a user
// whose requests were made through the API (the wizard has its own spec).

type Messages = typeof en;
const MESSAGES = { en, ar: ar as Messages } as const;
type Locale = keyof typeof MESSAGES;

// Answers as in test/answers.ts (e2e files cannot import server code). The passport numbers are each request's own
// (uniquePassport, below): one passport is on one live request per season (issue 58, item 2), on a shared server.
const APPLICANT = {
  name_ar: 'عائشة رحمن',
  name_latin: 'Aisha Rahman',
  gender: 'female',
  date_of_birth: '14-03-1410',
  nationality: 'SA',
  national_id: '1012345678',
  passport_number: 'A1234567',
  // Far enough ahead for any travel month of the seeded seasons.
  passport_expiry: '01-01-1460',
  mobile: '+966501234567',
  email: 'aisha@example.com',
};
const COMPANION = { ...APPLICANT, name_ar: 'محمد رحمن', name_latin: 'Mohammed Rahman', gender: 'male', relation: 'spouse', passport_number: 'B7654321' };

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

type Summary = { id: string; reference: string | null; version: number; fee_minor: number | null; currency: string | null };

/** Signed up and in (e2e/session.ts: a confirmed address, as sending needs), with the requests API in hand. */
async function signUp(context: BrowserContext, page: Page, locale: Locale) {
  const { token } = await signUpPilgrim(context, page, locale);
  return new RequestsApi(context.request, token);
}

/** The user's side of the requests API, with the bearer token. */
class RequestsApi {
  constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  private get headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  private async json<T>(response: APIResponse): Promise<T> {
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()).data as T;
  }

  /** The first month of the type's season that can still be chosen, MM-YYYY. */
  async travelMonth(type: 'hajj' | 'umrah') {
    const types = await this.json<{ id: string; season: { start: string } }[]>(await this.request.get('/api/v1/request-types'));
    // A month gone by can no longer be chosen.
    return firstOpenMonth(types.find((t) => t.id === type)!.season.start);
  }

  async draft(type: 'hajj' | 'umrah') {
    return this.json<Summary>(await this.request.post('/api/v1/requests', { headers: this.headers, data: { type } }));
  }

  /** Saves a step as finished ("Continue"); answers the new version. */
  async finish(request: Summary, step: string, data: unknown) {
    const saved = await this.json<Summary>(
      await this.request.patch(`/api/v1/requests/${request.id}`, { headers: this.headers, data: { step, data, version: request.version, complete: true } }),
    );
    request.version = saved.version;
  }

  async upload(request: Summary, pilgrim: string) {
    for (const [kind, file] of [
      ['passport', { name: 'passport.pdf', mimeType: 'application/pdf', buffer: PDF }],
      ['photo', { name: 'photo.png', mimeType: 'image/png', buffer: PNG }],
    ] as const) {
      await this.json(await this.request.post(`/api/v1/requests/${request.id}/documents`, { headers: this.headers, multipart: { pilgrim, kind, file } }));
    }
  }

  /** A draft with its first two steps done. */
  async unfinishedDraft() {
    const draft = await this.draft('umrah');
    await this.finish(draft, 'service', { package: 'standard', travel_month: await this.travelMonth('umrah') });
    await this.finish(draft, 'applicant', { ...APPLICANT, passport_number: uniquePassport('A') });
    return draft;
  }

  /**
   * A hajj request for the applicant and one companion, every step done and sent: it awaits payment. With the
   * applicant's passport number. One at a time: an account holds one unpaid request per service (issue 58, item 2).
   */
  async sentRequest() {
    const draft = await this.draft('hajj');
    const applicant = { ...APPLICANT, passport_number: uniquePassport('A') };
    await this.finish(draft, 'service', { package: 'standard', travel_month: await this.travelMonth('hajj') });
    await this.finish(draft, 'applicant', applicant);
    await this.finish(draft, 'companions', [{ ...COMPANION, passport_number: uniquePassport('B') }]);
    await this.upload(draft, 'applicant');
    await this.upload(draft, 'companion-0');
    await this.finish(draft, 'documents', {});
    await this.finish(draft, 'review', {});
    await this.finish(draft, 'declaration', { declaration: true });
    const sent = await this.json<Summary>(await this.request.post(`/api/v1/requests/${draft.id}/submit`, { headers: this.headers, data: {} }));
    return { ...sent, passport_number: applicant.passport_number };
  }

  async cancel(request: Summary) {
    return this.json<Summary>(await this.request.post(`/api/v1/requests/${request.id}/cancel`, { headers: this.headers, data: {} }));
  }
}

/** Digits as the page shows them: Arabic-Indic on Arabic pages. */
function digits(locale: Locale, text: string) {
  return locale === 'ar' ? text.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!) : text;
}

/** The answer next to a label in a description list. */
function answer(scope: ReturnType<Page['locator']>, label: string) {
  return scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
}

for (const locale of IN_ENGLISH) {
  const m = MESSAGES[locale];

  test.describe(`requests screens in ${locale}`, () => {
    test('the drafts list shows progress and Continue, and deletes only after asking', async ({ page, context }) => {
      const api = await signUp(context, page, locale);
      const draft = await api.unfinishedDraft();
      await api.sentRequest();

      await page.goto(`/${locale}/profile/requests/drafts`);
      const drafts = page.getByRole('list', { name: m.DraftsList.listLabel });
      await expect(drafts.getByRole('listitem')).toHaveCount(1);
      const card = drafts.getByRole('article', { name: m.DraftsList.title.replace('{type}', m.RequestType.umrah) });
      await expect(card).toBeVisible();
      await expect(card.getByText('Aisha Rahman')).toBeVisible();
      const progress = m.DraftsList.progress.replace('{done}', digits(locale, '2')).replace('{total}', digits(locale, '5'));
      await expect(card.getByText(progress)).toBeVisible();
      const bar = card.getByRole('progressbar', { name: m.DraftsList.progressLabel });
      await expect(bar).toHaveAttribute('aria-valuenow', '2');
      await expect(bar).toHaveAttribute('aria-valuemax', '5');
      await expect(card.getByText(m.DraftsList.lastSaved)).toBeVisible();
      await expect(card.getByRole('link', { name: m.DraftsList.continue })).toHaveAttribute('href', `/${locale}/profile/requests/drafts/complete?id=${draft.id}`);

      // Delete asks first; keeping the draft changes nothing and gives focus back.
      const remove = card.getByRole('button', { name: m.DraftsList.delete });
      await remove.click();
      const dialog = page.getByRole('alertdialog', { name: m.DraftsList.confirm.title });
      await expect(dialog).toContainText(m.DraftsList.confirm.body.replace('{type}', m.RequestType.umrah));
      await dialog.getByRole('button', { name: m.DraftsList.confirm.keep }).click();
      await expect(dialog).toBeHidden();
      await expect(remove).toBeFocused();
      await expect(card).toBeVisible();

      await remove.click();
      await page.getByRole('alertdialog').getByRole('button', { name: m.DraftsList.confirm.confirm }).click();
      await expect(page.getByRole('alertdialog')).toBeHidden();
      await expect(page.getByText(m.DraftsList.deleted)).toBeFocused();
      await expect(page.getByRole('heading', { name: m.Drafts.empty.title })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('heading', { name: m.Drafts.empty.title })).toBeVisible();
    });

    // With another user's request at the end: the missing state (it was a test of its own, with a browser context
    // for the owner and a sign-up each; the owner needs no browser, only the API).
    test("the drafts list pages through more drafts than fit on one page; another user's request shows the missing state", async ({ page, context, playwright }) => {
      const owner = await playwright.request.newContext({ baseURL: BASE_URL });
      const registered = await owner.post('/api/v1/auth/register', {
        data: { name: 'Aisha Rahman', email: `owner.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`, password: 'Labbaik#2026', password_confirmation: 'Labbaik#2026' },
      });
      expect(registered.status(), await registered.text()).toBe(201);
      const theirs = await new RequestsApi(owner, (await registered.json()).token).draft('hajj');
      await owner.dispose();

      const api = await signUp(context, page, locale);
      await Promise.all(Array.from({ length: 21 }, () => api.draft('hajj')));
      const pageOf = (n: number) => m.RequestsList.pagination.pageOf.replace('{page}', digits(locale, String(n))).replace('{total}', digits(locale, '2'));

      await page.goto(`/${locale}/profile/requests/drafts`);
      const drafts = page.getByRole('list', { name: m.DraftsList.listLabel });
      await expect(drafts.getByRole('listitem')).toHaveCount(20);
      const pages = page.getByRole('navigation', { name: m.RequestsList.pagination.label });
      await expect(pages).toContainText(pageOf(1));
      await expect(pages.getByRole('link', { name: m.RequestsList.pagination.previous })).toHaveCount(0);

      await pages.getByRole('link', { name: m.RequestsList.pagination.next }).click();
      await expect(page).toHaveURL(`${BASE_URL}/${locale}/profile/requests/drafts?page=2`);
      await expect(drafts.getByRole('listitem')).toHaveCount(1);
      await expect(pages).toContainText(pageOf(2));
      await expect(pages.getByRole('link', { name: m.RequestsList.pagination.next })).toHaveCount(0);

      await pages.getByRole('link', { name: m.RequestsList.pagination.previous }).click();
      await expect(page).toHaveURL(`${BASE_URL}/${locale}/profile/requests/drafts`);
      await expect(drafts.getByRole('listitem')).toHaveCount(20);

      await test.step("another user's request shows the missing state", async () => {
        await page.goto(`/${locale}/profile/requests/details/${theirs.id}`);
        await expect(page.getByRole('heading', { name: m.Requests.missing.title })).toBeVisible();
        await expect(page.getByRole('link', { name: m.Requests.missing.back })).toBeVisible();
        await expect(page.getByText(m.Requests.missing.body)).toBeVisible();
      });
    });

    // One account for the list, its failed load, its filter and the language switch (they were three tests, each
    // with a sign-up: issue 60, item 8).
    test('the requests list: a load that fails says so and loads again on retry; it shows sent requests, the status filter narrows it through the address, and the language switch keeps the filter', async ({ page, context }) => {
      test.setTimeout(60_000);
      const api = await signUp(context, page, locale);
      await api.unfinishedDraft();
      // Cancelled before the other is sent: one account holds one unpaid request per service (issue 58, item 2).
      const cancelled = await api.cancel(await api.sentRequest());
      const awaiting = await api.sentRequest();
      // The first load and its automatic retry fail; the user's retry goes through.
      let failures = 2;
      await page.route(
        (url) => url.pathname === '/api/v1/requests',
        (route) => (failures-- > 0 ? route.fulfill({ status: 500, json: { error: { code: 'server_error', message: 'down' } } }) : route.continue()),
      );

      await page.goto(`/${locale}/profile/requests`);
      const error = page.getByRole('alert').filter({ hasText: m.RequestsList.error.title });
      await expect(error).toContainText(m.RequestsList.error.body);
      await error.getByRole('button', { name: m.RequestsList.error.retry }).click();
      await expect(error).toBeHidden();
      const list = page.getByRole('list', { name: m.RequestsList.listLabel });
      await expect(list.getByText(awaiting.reference!)).toBeVisible();
      await page.unroute((url) => url.pathname === '/api/v1/requests');
      // The draft has its own page.
      await expect(list.getByRole('listitem')).toHaveCount(2);
      await expect(page.getByRole('link', { name: m.Requests.start })).toBeVisible();
      const card = list.getByRole('listitem').filter({ hasText: awaiting.reference! });
      await expect(card.getByRole('heading', { name: m.RequestsList.title.replace('{type}', m.RequestType.hajj) })).toBeVisible();
      await expect(card.getByText(m.RequestStatus.pending_payment)).toBeVisible();
      // The applicant and a companion ("two pilgrims" is a word of its own in Arabic).
      await expect(card.getByText(locale === 'ar' ? 'حاجّان' : '2 pilgrims')).toBeVisible();
      await expect(card.getByRole('link', { name: m.RequestsList.details })).toHaveAttribute('href', `/${locale}/profile/requests/details/${awaiting.id}`);

      const filter = page.getByRole('navigation', { name: m.RequestsList.filterLabel });
      await expect(filter.getByRole('link', { name: m.RequestsList.all, exact: true })).toHaveAttribute('aria-current', 'page');
      await filter.getByRole('link', { name: m.RequestsList.filters.cancelled, exact: true }).click();
      await expect(page).toHaveURL(`${BASE_URL}/${locale}/profile/requests?status=cancelled`);
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(list.getByText(cancelled.reference!)).toBeVisible();
      await expect(list.getByText(m.RequestStatus.cancelled)).toBeVisible();
      await expect(page.getByText(awaiting.reference!)).toHaveCount(0);

      // A reload keeps the filter.
      await page.reload();
      await expect(filter.getByRole('link', { name: m.RequestsList.filters.cancelled, exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(list.getByRole('listitem')).toHaveCount(1);

      await filter.getByRole('link', { name: m.RequestsList.filters.approved, exact: true }).click();
      await expect(page).toHaveURL(`${BASE_URL}/${locale}/profile/requests?status=approved`);
      await expect(page.getByRole('heading', { name: m.RequestsList.emptyFiltered.title })).toBeVisible();
      await page.getByRole('link', { name: m.RequestsList.emptyFiltered.showAll }).click();
      await expect(page).toHaveURL(`${BASE_URL}/${locale}/profile/requests`);
      await expect(list.getByRole('listitem')).toHaveCount(2);

      // The language switch keeps the status filter (on the filtered page as it loads from its address).
      const other = locale === 'en' ? 'ar' : 'en';
      await page.goto(`/${locale}/profile/requests?status=cancelled`);
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await page.getByRole('banner').getByRole('link', { name: locale === 'en' ? 'العربية' : 'English' }).click();
      await expect(page).toHaveURL(`${BASE_URL}/${other}/profile/requests?status=cancelled`);
      const otherFilter = page.getByRole('navigation', { name: MESSAGES[other].RequestsList.filterLabel });
      await expect(otherFilter.getByRole('link', { name: MESSAGES[other].RequestsList.filters.cancelled, exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('list', { name: MESSAGES[other].RequestsList.listLabel }).getByRole('listitem')).toHaveCount(1);
    });

    test('the details page shows answers, documents, fee and timeline, and cancels after asking', async ({ page, context }) => {
      const api = await signUp(context, page, locale);
      const request = await api.sentRequest();

      await page.goto(`/${locale}/profile/requests`);
      await page.getByRole('link', { name: m.RequestsList.details }).click();
      await expect(page).toHaveURL(`${BASE_URL}/${locale}/profile/requests/details/${request.id}`);
      await expect(page.getByRole('heading', { level: 1, name: m.Titles.requestDetails })).toBeVisible();

      const overview = page.getByRole('region', { name: m.RequestDetails.title.replace('{type}', m.RequestType.hajj) });
      await expect(answer(overview, m.RequestDetails.reference)).toHaveText(request.reference!);
      await expect(answer(overview, m.RequestDetails.status)).toHaveText(m.RequestStatus.pending_payment);
      // Awaiting payment, the answers are changed only by withdrawing it from payment first (it asks).
      await expect(overview.getByRole('link', { name: m.RequestDetails.actions.edit })).toHaveCount(0);
      await expect(overview.getByRole('button', { name: m.RequestDetails.reopen.trigger })).toBeVisible();

      // The answers, grouped, with labels and values in the page language.
      const service = page.getByRole('region', { name: m.RequestDetails.answers.service });
      await expect(answer(service, m.Fields.package)).toHaveText(m.RequestDetails.packages.standard);
      const applicant = page.getByRole('region', { name: m.RequestDetails.answers.applicant });
      await expect(answer(applicant, m.Fields.name_latin)).toHaveText('Aisha Rahman');
      await expect(answer(applicant, m.Fields.gender)).toHaveText(m.RequestDetails.genders.female);
      const saudiArabia = await page.evaluate((l) => new Intl.DisplayNames([l], { type: 'region' }).of('SA')!, locale);
      await expect(answer(applicant, m.Fields.nationality)).toHaveText(saudiArabia);
      await expect(answer(applicant, m.Fields.passport_number)).toHaveText(request.passport_number);
      // Stored as E.164, shown in the international format.
      await expect(answer(applicant, m.Fields.mobile)).toHaveText('+966 50 123 4567');
      // 14-03-1410 AH is 14 October 1989.
      const birth = answer(applicant, m.Fields.date_of_birth);
      await expect(birth).toContainText(digits(locale, '1410'));
      await expect(birth).toContainText(digits(locale, '1989'));
      const companion = page.getByRole('region', { name: m.RequestDetails.answers.companion.replace('{number}', digits(locale, '1')) });
      await expect(answer(companion, m.Fields.relation)).toHaveText(m.RequestDetails.relations.spouse);
      await expect(answer(companion, m.Fields.name_latin)).toHaveText('Mohammed Rahman');
      await expect(page.getByRole('region', { name: m.RequestDetails.answers.declaration })).toContainText(m.RequestDetails.answers.declared);

      // The documents download for their owner.
      const documents = page.getByRole('region', { name: m.RequestDetails.documents.title });
      await expect(documents.getByRole('link')).toHaveCount(4);
      const passport = documents.getByRole('link', {
        name: m.RequestDetails.documents.download.replace('{file}', 'passport.pdf').replace('{document}', m.Fields.passport.toLocaleLowerCase(locale)).replace('{pilgrim}', locale === 'ar' ? 'عائشة رحمن' : 'Aisha Rahman'),
      });
      await expect(passport).toHaveAttribute('download', 'passport.pdf');
      const download = await context.request.get(new URL((await passport.getAttribute('href'))!, BASE_URL).toString());
      expect(download.status()).toBe(200);

      // The fee for both pilgrims, and where its payment stands.
      const fee = page.getByRole('region', { name: m.RequestDetails.fee.title });
      const expectedFee = await page.evaluate(
        ([minor, currency, l]) => new Intl.NumberFormat(l === 'ar' ? 'ar-SA-u-nu-arab' : 'en-US', { style: 'currency', currency, currencyDisplay: l === 'ar' ? 'name' : 'symbol' }).format(minor / 100),
        [request.fee_minor!, request.currency!, locale] as const,
      );
      await expect(answer(fee, m.RequestDetails.fee.amount)).toHaveText(expectedFee);
      await expect(answer(fee, m.RequestDetails.fee.payment)).toContainText(m.Money.line.awaiting.split('{amount}')[0]!);

      const timeline = page.getByRole('region', { name: m.RequestDetails.timeline.title });
      await expect(timeline.getByRole('listitem')).toHaveCount(1);
      await expect(timeline.getByRole('listitem').first()).toContainText(m.RequestStatus.pending_payment);
      await expect(timeline.getByRole('listitem').first()).toContainText(m.RequestDetails.timeline.by.user);

      // Cancelling asks first; "keep" changes nothing.
      const cancel = overview.getByRole('button', { name: m.RequestDetails.actions.cancel });
      await cancel.click();
      const dialog = page.getByRole('alertdialog', { name: m.RequestDetails.cancel.title });
      await expect(dialog).toContainText(m.RequestDetails.cancel.body);
      await dialog.getByRole('button', { name: m.RequestDetails.cancel.keep }).click();
      await expect(dialog).toBeHidden();
      await expect(cancel).toBeFocused();
      await expect(answer(overview, m.RequestDetails.status)).toHaveText(m.RequestStatus.pending_payment);

      await cancel.click();
      await dialog.getByRole('button', { name: m.RequestDetails.cancel.confirm }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(m.RequestDetails.cancel.done)).toBeFocused();
      await expect(answer(overview, m.RequestDetails.status)).toHaveText(m.RequestStatus.cancelled);
      await expect(timeline.getByRole('listitem')).toHaveCount(2);
      // Newest first: where the request stands now is on top.
      await expect(timeline.getByRole('listitem').first()).toContainText(m.RequestStatus.cancelled);
      await expect(timeline.getByRole('listitem').nth(1)).toContainText(m.RequestStatus.pending_payment);
      await expect(overview.getByRole('button', { name: m.RequestDetails.actions.cancel })).toHaveCount(0);
      await expect(overview.getByRole('link', { name: m.RequestDetails.actions.edit })).toHaveCount(0);
      await expect(overview.getByRole('button', { name: m.RequestDetails.reopen.trigger })).toHaveCount(0);
      await expect(answer(fee, m.RequestDetails.fee.payment)).toHaveText(m.Money.line.unpaid);
    });
  });
}
