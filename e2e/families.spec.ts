import { expect, test } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { draftThrough, hijriInDays, signUp, uniquePassport } from './session';
import { linkIn, mailTo } from './mail';
import { expectAccessible } from './axe';
import { IN_ENGLISH } from './helpers';

// Issue 42, item 1, on a 390 px phone in both languages: the applicant invites
// a companion from the request's page; the companion opens the e-mail's link,
// creates an account with that address, takes the invitation up, finds the
// request under "Requests I am on", corrects their passport number and
// confirms; the applicant sees both. SCREENSHOTS_DIR, when set, keeps the
// companion's page and the applicant's panel.

type Messages = typeof en;
const MESSAGES = { en, ar: ar as Messages } as const;
const PASSWORD = 'Labbaik#2026';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

for (const locale of IN_ENGLISH) {
  const m = MESSAGES[locale];
  const f = m.Families;
  const fill = (text: string, values: Record<string, string>) => Object.entries(values).reduce((out, [key, value]) => out.replace(`{${key}}`, value), text);

  test(`a companion is invited, registers from the e-mail, corrects their passport number and confirms (${locale})`, async ({ page, context, browser }) => {
    test.setTimeout(120_000);
    const { token } = await signUp(context, page, locale, 'Organiser Family');
    // A Hajj draft with its service and applicant answered, and one adult companion whose own address is used for the invitation.
    const id = await draftThrough(context.request, token, 'companions', 'standard', 'hajj');
    const companionEmail = `companion.${locale}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`;
    // Passports of this test's own (uniquePassport): one passport is on one live request per season, on a shared server.
    const [passportNumber, corrected] = [uniquePassport('B'), uniquePassport('C')];
    const companion = {
      name_ar: 'محمد رحمن', name_latin: 'Mohammed Rahman', gender: 'male', date_of_birth: '01-01-1405', nationality: 'SA', relation: 'spouse',
      national_id: '1098765432', passport_number: passportNumber, passport_expiry: hijriInDays(4 * 365), mobile: '+966507654321', email: companionEmail,
    };
    const headers = { authorization: `Bearer ${token}` };
    const draft = (await (await context.request.get(`/api/v1/requests/${id}`, { headers })).json()).data;
    const { version } = draft;
    // The applicant's passport, as draftThrough made it: the companion's part must never show it.
    const applicantPassport = draft.data.applicant.passport_number as string;
    expect((await context.request.patch(`/api/v1/requests/${id}`, { headers, data: { step: 'companions', data: [companion], version, complete: true } })).status()).toBe(200);

    // The applicant invites from the request's page: the companion's address is already there.
    await page.goto(`/${locale}/profile/requests/details/${id}`);
    const panel = page.getByTestId('invitation-companion-0');
    // The companion is a man: his address (the invitation's words agree with the companion, issue 63, item 8).
    await expect(panel.getByRole('textbox', { name: 'His e-mail address' })).toHaveValue(companionEmail);
    await panel.getByRole('button', { name: f.invite }).click();
    await expect(panel.getByRole('status')).toContainText(companionEmail);
    // The page's own content: react-aria's announcer (outside main) still holds, for 7 s, the pending button's
    // announcement, labelled by the spinner that went with the button (a div[role=img] axe calls unnamed).
    await expectAccessible(page, `the request's page with an invitation (${locale})`, 'main');

    // The companion, on another phone: the e-mail's link, then an account with that address.
    const mail = await mailTo(companionEmail, 'companion_invite');
    expect(mail.subject).toContain('Organiser Family');
    const link = linkIn(mail, `/${locale}/invitations`);
    if (process.env.SCREENSHOTS_DIR) {
      const view = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await view.setContent(mail.html);
      await view.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/mail-companion-invite-${locale}-390.png`, fullPage: true });
      await view.close();
    }
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const other = await phone.newPage();
    await other.goto(link.pathname + link.search);
    await expect(other.getByText(f.invitationLead)).toBeVisible();
    await other.getByRole('link', { name: m.SignedOut.register }).click();
    await other.getByRole('textbox', { name: m.Auth.fields.name }).fill('Mohammed Rahman');
    await other.getByRole('textbox', { name: m.Auth.fields.email }).fill(companionEmail);
    await other.getByRole('textbox', { name: m.Auth.fields.password, exact: true }).fill(PASSWORD);
    await other.getByRole('textbox', { name: m.Auth.fields.passwordConfirmation }).fill(PASSWORD);
    await other.getByRole('button', { name: m.Auth.register.submit }).click();
    // Back on the invitation, signed in: taken up when asked.
    await expect(other).toHaveURL(new RegExp(`/${locale}/invitations\\?token=`));
    await expectAccessible(other, `the invitation page (${locale})`);
    await other.getByRole('button', { name: f.accept }).click();
    await expect(other).toHaveURL(new RegExp(`/${locale}/profile/shared/${id}$`));

    // "Requests I am on" lists it, under the organiser's name.
    await other.goto(`/${locale}/profile/shared`);
    const card = other.getByRole('article', { name: fill(f.cardTitle, { type: m.RequestType.hajj, organiser: 'Organiser Family' }) });
    await expect(card).toBeVisible();
    await expectAccessible(other, `requests I am on (${locale})`);
    await card.getByRole('link', { name: f.seeMyPart }).click();

    // Their own passport number, corrected and saved; never the applicant's answers.
    const passport = other.getByRole('textbox', { name: m.Fields.passport_number });
    await expect(passport).toHaveValue(passportNumber);
    await expect(other.getByText(applicantPassport)).toHaveCount(0);
    await passport.fill(corrected);
    await other.getByRole('button', { name: f.save }).click();
    await expect(other.getByTestId('saved')).toBeVisible();
    await expectAccessible(other, `the companion's part (${locale})`);
    await other.getByRole('button', { name: f.confirm }).click();
    await expect(other.getByTestId('confirmed')).toBeVisible();
    if (process.env.SCREENSHOTS_DIR) await other.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/companion-part-${locale}-390.png`, fullPage: true });
    await phone.close();

    // The applicant sees the correction and the confirmation.
    await page.reload();
    await expect(panel.getByTestId('confirmed-companion-0')).toContainText('He confirmed his details on');
    // Which answers are the companion's doing.
    await expect(panel.getByTestId('edited-companion-0')).toContainText('Changed by him:');
    await expect(panel.getByTestId('edited-companion-0')).toContainText(m.Fields.passport_number);
    await expect(page.getByText(corrected)).toBeVisible();
    if (process.env.SCREENSHOTS_DIR) {
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/invitation-panel-${locale}-390.png` });
    }
  });
}

test('the applicant invites from the companions step, and the invitation stays with the companion through later saves (en)', async ({ page, context }) => {
  test.setTimeout(90_000);
  const m = en;
  const { token } = await signUp(context, page, 'en', 'Organiser Wizard');
  const id = await draftThrough(context.request, token, 'companions', 'standard', 'hajj');
  const headers = { authorization: `Bearer ${token}` };
  const email = `companion.wizard.${Date.now()}@example.com`;
  const corrected = uniquePassport('C');
  // Saved as before companions had ids: the step gives this one its id.
  const companion = {
    name_ar: 'محمد رحمن', name_latin: 'Mohammed Rahman', gender: 'male', date_of_birth: '01-01-1405', nationality: 'SA', relation: 'spouse',
    national_id: '1098765432', passport_number: uniquePassport('B'), passport_expiry: hijriInDays(4 * 365), mobile: '+966507654321', email,
  };
  const version = (await (await context.request.get(`/api/v1/requests/${id}`, { headers })).json()).data.version;
  await context.request.patch(`/api/v1/requests/${id}`, { headers, data: { step: 'companions', data: [companion], version } });

  await page.goto(`/en/profile/requests/drafts/complete?id=${id}&step=companions`);
  const panel = page.getByTestId('wizard-invitation-companion-0');
  await expect(panel.getByRole('textbox', { name: 'His e-mail address' })).toHaveValue(email);
  await panel.getByRole('button', { name: m.Families.invite }).click();
  await expect(panel.getByRole('status')).toContainText(email);

  // A later change to the step is saved with the same id: the invitation still names this companion.
  await page.getByRole('textbox', { name: m.Fields.passport_number }).fill(corrected);
  await page.getByRole('button', { name: m.Wizard.continue }).click();
  await expect(page).toHaveURL(/step=documents/);
  const saved = (await (await context.request.get(`/api/v1/requests/${id}`, { headers })).json()).data;
  expect(saved.data.companions[0].passport_number).toBe(corrected);
  expect(saved.data.companions[0].pilgrim_id).toMatch(/^[0-9a-f-]{36}$/);
  expect(saved.invitations).toEqual([expect.objectContaining({ pilgrim: 'companion-0', email, state: 'invited' })]);
});
