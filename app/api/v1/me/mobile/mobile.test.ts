import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/lib/server/db/client';
import { counters } from '@/lib/server/auth/rate-limit';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { captureLogs } from '@/test/logs';
import { codeIn, sendQueuedSms } from '@/test/sms';
import * as mobileRoute from './route';
import * as confirmRoute from './confirm/route';
import * as meRoute from '../route';

withTestDatabase();
const logs = captureLogs();

let numbers = 0;
/** A Saudi mobile number of its own for each test (the per-number limits count across accounts). */
function aNumber() {
  numbers += 1;
  return `+96650${String(Date.now() % 1000).padStart(3, '0')}${String(numbers).padStart(4, '0')}`;
}
const toArabicDigits = (text: string) => text.replace(/[0-9]/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));

/** Asks for a code to `mobile` and answers the text message sent, with its code. */
async function askCode(token: string, mobile: string, locale: 'ar' | 'en' = 'ar') {
  const answer = await call(mobileRoute.POST, { token, body: { mobile }, locale });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  const sent = await sendQueuedSms();
  const message = sent.filter((one) => one.kind === 'mobile_code').at(-1)!;
  return { answer, message, code: codeIn(message.text) };
}

describe('confirming a mobile number with a code by SMS', () => {
  it('texts a 6-digit code to the number, stores only its hash, and the code in Arabic-Indic digits confirms it', async () => {
    const { user, token } = await newUser();
    const mobile = aNumber();
    const { answer, message, code } = await askCode(token, mobile);
    expect(answer.json!.data).toMatchObject({ phone: mobile, mobile_confirmed: false });
    const lifetime = (new Date(answer.json!.data.code_expires_at).getTime() - Date.now()) / 60_000;
    expect(lifetime).toBeGreaterThan(9);
    expect(lifetime).toBeLessThanOrEqual(10);
    expect(message.to).toBe(mobile);
    // In the reader's language and digits (Arabic by default), as the e-mail's code.
    expect(message.text).toContain(toArabicDigits(code));
    expect(message.text).toBe(`لبيك: رمز تأكيد جوالك ${toArabicDigits(code)}، صالح ١٠ دقائق. لا تعطه لأحد.`);
    const stored = await queryRows<{ code_hash: string; phone: string }>(sql`select code_hash, phone from mobile_codes where user_id = ${user.id}`);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.code_hash).not.toContain(code);
    // Once it went, the message's text (the code) is not kept.
    const kept = await queryRows<{ text: string; state: string }>(sql`select text, state from sms_messages where user_id = ${user.id} and kind = 'mobile_code'`);
    expect(kept).toEqual([{ text: '', state: 'sent' }]);
    expect((await call(meRoute.GET, { token })).json!.data).toMatchObject({ phone: mobile, mobile_confirmed: false });

    const confirmed = await call(confirmRoute.POST, { token, body: { code: toArabicDigits(code) } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json!.data).toMatchObject({ phone: mobile, mobile_confirmed: true });
    expect((await call(meRoute.GET, { token })).json!.data.mobile_confirmed).toBe(true);
    expect(await queryRows(sql`select 1 from mobile_codes where user_id = ${user.id}`)).toHaveLength(0);
    // Never in the logs.
    expect(logs.lines.join('\n')).not.toContain(code);
    expect(logs.lines.join('\n')).not.toContain(mobile);
  });

  it('takes the number and the code in Latin digits too, and a number written nationally in Arabic-Indic digits', async () => {
    const { token } = await newUser();
    // The text goes in the account's language, whatever the language of the call that asked for it.
    await call(meRoute.PATCH, { method: 'PATCH', token, body: { locale: 'en' } });
    const mobile = aNumber();
    const national = toArabicDigits(`0${mobile.slice(4, 6)} ${mobile.slice(6, 9)} ${mobile.slice(9)}`);
    const { answer, message, code } = await askCode(token, national, 'en');
    expect(answer.json!.data.phone).toBe(mobile);
    expect(message.text).toBe(`Labbaik: your code to confirm this mobile number is ${code}. It works for 10 minutes. Never share it.`);
    expect((await call(confirmRoute.POST, { token, body: { code }, locale: 'en' })).json!.data.mobile_confirmed).toBe(true);
  });

  it('refuses what is no mobile number, and a code that is not 6 digits, in the reader language', async () => {
    const { token } = await newUser();
    const bad = await call(mobileRoute.POST, { token, body: { mobile: '12' }, locale: 'en' });
    expect(bad.status).toBe(422);
    expect(bad.json!.error.fields.mobile[0]).toMatch(/mobile number/i);
    const short = await call(confirmRoute.POST, { token, body: { code: '123' } });
    expect(short.status).toBe(422);
    expect(short.json!.error.fields.code).toHaveLength(1);
  });

  it('one live code: a new code ends the last one', async () => {
    const { token } = await newUser();
    const mobile = aNumber();
    const first = await askCode(token, mobile);
    const second = await askCode(token, mobile);
    if (first.code !== second.code) {
      const old = await call(confirmRoute.POST, { token, body: { code: first.code }, locale: 'en' });
      expect(old.status).toBe(422);
      expect(old.json!.error.message).toMatch(/^This code is not valid/);
    }
    expect((await call(confirmRoute.POST, { token, body: { code: second.code } })).status).toBe(200);
  });

  it('a code lives 10 minutes', async () => {
    const { user, token } = await newUser();
    const { code } = await askCode(token, aNumber());
    // The clock moved on 10 minutes and a second: the code's end is behind it.
    await queryRows(sql`update mobile_codes set expires_at = now() - interval '1 second', created_at = now() - interval '601 seconds' where user_id = ${user.id}`);
    const late = await call(confirmRoute.POST, { token, body: { code } });
    expect(late.status).toBe(422);
    expect(late.json!.error.message).toMatch(/^هذا الرمز غير صالح/);
  });

  it('five wrong codes end it; more tries in 15 minutes are refused with 429', async () => {
    const { user, token } = await newUser();
    const { code } = await askCode(token, aNumber());
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) expect((await call(confirmRoute.POST, { token, body: { code: wrong } })).status).toBe(422);
    const limited = await call(confirmRoute.POST, { token, body: { code }, locale: 'en' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // After the wait, the right code is still no good: its five tries are spent.
    await counters().reset(`mobile-try:account:${user.id}`);
    expect((await call(confirmRoute.POST, { token, body: { code } })).status).toBe(422);
  });

  it('three codes an hour per account, with a localized 429', async () => {
    const { token } = await newUser();
    for (let i = 0; i < 3; i += 1) await askCode(token, aNumber());
    const limited = await call(mobileRoute.POST, { token, body: { mobile: aNumber() }, locale: 'en' });
    expect(limited.status).toBe(429);
    expect(limited.json!.error.message).toMatch(/^Too many codes were asked for this number or account\. Please wait \d+ minutes/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3000);
    const arabic = await call(mobileRoute.POST, { token, body: { mobile: aNumber() } });
    expect(arabic.json!.error.message).toMatch(/^طُلبت رموز كثيرة جدًا/);
  });

  it('three codes an hour per number, whichever accounts ask for it', async () => {
    const mobile = aNumber();
    for (let i = 0; i < 3; i += 1) await askCode((await newUser()).token, mobile);
    const { token } = await newUser();
    const limited = await call(mobileRoute.POST, { token, body: { mobile } });
    expect(limited.status).toBe(429);
    // Nothing changed on the refused account.
    expect((await call(meRoute.GET, { token })).json!.data.phone).toBeNull();
  });

  it('a changed number must be confirmed again; the confirmed one is not texted again (409)', async () => {
    const { token } = await newUser();
    const mobile = aNumber();
    const { code } = await askCode(token, mobile);
    await call(confirmRoute.POST, { token, body: { code } });
    const again = await call(mobileRoute.POST, { token, body: { mobile } });
    expect(again.status).toBe(409);
    // The same number saved on the profile stays confirmed; another is not.
    await call(meRoute.PATCH, { method: 'PATCH', token, body: { phone: mobile } });
    expect((await call(meRoute.GET, { token })).json!.data.mobile_confirmed).toBe(true);
    const other = aNumber();
    await call(meRoute.PATCH, { method: 'PATCH', token, body: { phone: other } });
    expect((await call(meRoute.GET, { token })).json!.data).toMatchObject({ phone: other, mobile_confirmed: false });
    // Asking for a code to a new number through POST /me/mobile unconfirms too, before any code is typed.
    const next = await askCode(token, aNumber());
    expect(next.answer.json!.data.mobile_confirmed).toBe(false);
    // A code sent to a number the account no longer has confirms nothing.
    await call(meRoute.PATCH, { method: 'PATCH', token, body: { phone: other } });
    expect((await call(confirmRoute.POST, { token, body: { code: next.code } })).status).toBe(422);
  });
});
