import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { IN_BOTH } from './helpers';
import { officeMoves, paidAtCounter, requestAwaitingPayment, signUp } from './session';
import { expectAccessible } from './axe';

type Messages = typeof en;
const MESSAGES = { en, ar: ar as Messages } as const;

// The app under test has no SMS provider: each text message is a JSON file in its DATA_DIR (playwright.config.ts).
const SMS_DIR = path.resolve('.data/e2e/sms');

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** The newest text message of `kind` to `to`, waiting for the app's outbox to write it. */
async function smsTo(to: string, kind: string, timeoutMs = 20_000): Promise<{ text: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = (await readdir(SMS_DIR).catch(() => [] as string[])).filter((name) => name.includes(`-${kind}-`) && name.endsWith('.json')).sort().reverse();
    for (const name of names) {
      const message = JSON.parse(await readFile(path.join(SMS_DIR, name), 'utf8')) as { to: string; text: string };
      if (message.to === to) return message;
    }
    if (Date.now() > deadline) throw new Error(`no ${kind} text message to ${to} in ${SMS_DIR}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const lead = (message: string) => message.split(/[{<]/)[0]!.trim();
let numbers = 0;

for (const locale of IN_BOTH) {
  const m = MESSAGES[locale];
  test(`confirming a mobile number with the code texted to it, on a phone (${locale})`, async ({ context, page }) => {
    // Registration (scrypt), a text message through the outbox and a reload, on two shared cores.
    test.setTimeout(90_000);
    numbers += 1;
    const national = `050${String(Date.now() % 10_000).padStart(4, '0')}${String(numbers + (locale === 'ar' ? 50 : 0)).padStart(3, '0')}`;
    const e164 = `+966${national.slice(1)}`;
    const { token } = await signUp(context, page, locale);
    // The account's language, which its text messages are written in.
    await context.request.patch('/api/v1/me', { data: { locale }, headers: { authorization: `Bearer ${token}` } });
    await page.goto(`/${locale}/profile`);
    const section = page.getByRole('region', { name: m.MobileSettings.title });
    await expect(section).toContainText(m.MobileSettings.none);
    // The switches wait for a confirmed number.
    await expect(section.getByRole('switch', { name: m.SmsSettings.opening_turn })).toBeDisabled();

    // The number as an Arabic keyboard types it, in Arabic-Indic digits, when the page is in Arabic.
    const typed = locale === 'ar' ? national.replace(/[0-9]/g, (digit) => String.fromCharCode(0x0660 + Number(digit))) : national;
    await section.getByRole('textbox', { name: m.MobileSettings.mobile }).fill(typed);
    await section.getByRole('button', { name: m.MobileSettings.send }).click();
    await expect(section.getByRole('status').filter({ hasText: lead(m.MobileSettings.sent) })).toBeVisible();
    await expect(section).toContainText(m.MobileSettings.unconfirmed);
    await expectAccessible(page, `profile, mobile code (${locale})`, 'section[aria-labelledby="mobile-settings-title"]');

    const sms = await smsTo(e164, 'mobile_code');
    expect(sms.text.startsWith(locale === 'ar' ? 'لبيك:' : 'Labbaik:')).toBe(true);
    // The code as the message wrote it (Arabic-Indic digits in Arabic): the field takes either style.
    const code = /[0-9\u0660-\u0669]{6}/.exec(sms.text)![0];
    await section.getByRole('textbox', { name: m.MobileSettings.code }).fill(code);
    await section.getByRole('button', { name: m.MobileSettings.confirm }).click();
    await expect(section.getByRole('status').filter({ hasText: lead(m.MobileSettings.done) })).toBeVisible();
    await expect(section.getByText(m.MobileSettings.confirmed, { exact: true })).toBeVisible();
    await expect(section.getByRole('switch', { name: m.SmsSettings.opening_turn })).toBeEnabled();

    // A choice per kind, kept.
    await section.getByText(m.SmsSettings.decision).click();
    await expect(section.getByText(m.SmsSettings.saved)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('region', { name: m.MobileSettings.title }).getByRole('switch', { name: m.SmsSettings.decision })).not.toBeChecked();
    await expect(page.getByRole('region', { name: m.MobileSettings.title }).getByText(m.MobileSettings.confirmed, { exact: true })).toBeVisible();
  });
}

for (const locale of IN_BOTH) {
  const m = MESSAGES[locale];
  test(`the notifications list says how a notice reached the pilgrim: by SMS and by e-mail (${locale})`, async ({ context, page }) => {
    test.setTimeout(120_000);
    numbers += 1;
    const e164 = `+96650${String(Date.now() % 10_000).padStart(4, '0')}${String(numbers + (locale === 'ar' ? 150 : 100)).padStart(3, '0')}`;
    const { token } = await signUp(context, page, locale);
    const auth = { authorization: `Bearer ${token}` };
    await context.request.patch('/api/v1/me', { data: { locale }, headers: auth });
    // The number confirmed through the API, with the code from the file sink.
    expect((await context.request.post('/api/v1/me/mobile', { data: { mobile: e164 }, headers: auth })).status()).toBe(200);
    const code = /[0-9\u0660-\u0669]{6}/.exec((await smsTo(e164, 'mobile_code')).text)![0];
    expect((await context.request.post('/api/v1/me/mobile/confirm', { data: { code }, headers: auth })).status()).toBe(200);
    // The office approves the paid request: the decision goes by e-mail and by SMS.
    const { id, reference } = await requestAwaitingPayment(context.request, token);
    await paidAtCounter(context.request, token, id);
    await officeMoves(context.request, id, 'under_review');
    await officeMoves(context.request, id, 'approved');
    const sms = await smsTo(e164, 'decision');
    expect(sms.text).toContain(reference);

    // "How it reached you: by SMS, delivered; by e-mail, sent", in the page's language, once the e-mail went too.
    await page.goto(`/${locale}/notifications`);
    await expect(async () => {
      await page.reload();
      const deliveries = page.getByTestId('notification').filter({ hasText: reference }).first().getByTestId('notification-deliveries');
      await expect(deliveries).toContainText(lead(m.Notifications.deliveries), { timeout: 2_000 });
      await expect(deliveries).toContainText(locale === 'en' ? 'by SMS, delivered' : 'برسالة نصية، وصل', { timeout: 2_000 });
      await expect(deliveries).toContainText(locale === 'en' ? 'by e-mail, sent' : 'بالبريد الإلكتروني، أُرسل', { timeout: 2_000 });
    }).toPass({ timeout: 40_000 });
  });
}
