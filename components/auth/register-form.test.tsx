// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { RegisterForm } from './register-form';
import { LoginForm } from './login-form';

const replace = vi.fn();
vi.mock('next/navigation', () => ({
  useRouter: () => ({ replace, push: vi.fn(), prefetch: vi.fn() }),
  useSearchParams: () => new URLSearchParams(),
}));

const MESSAGES = { en, ar } as const;
type Locale = keyof typeof MESSAGES;
const PASSWORD = 'Labbaik#2026';
const required = (m: typeof en, field: keyof typeof en.Fields) => m.Validation.required.replace('{field}', m.Fields[field]);

function renderForm(locale: Locale, form: 'register' | 'login' = 'register') {
  return render(
    <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]} timeZone="Asia/Riyadh">
      {form === 'register' ? <RegisterForm /> : <LoginForm />}
    </NextIntlClientProvider>,
  );
}

const field = (name: string) => screen.getByLabelText(name, { selector: 'input' }) as HTMLInputElement;
const summary = () => screen.getByRole('alert');
const messageOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((id) => id.endsWith('-error'))
    .map((id) => document.getElementById(id)?.textContent)
    .join('');

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  replace.mockReset();
  localStorage.clear();
});

describe('the registration form', () => {
  for (const locale of ['en', 'ar'] as const) {
    const m = MESSAGES[locale];

    it(`checks a field when it loses focus, not while typing (${locale})`, async () => {
      renderForm(locale);
      const email = field(m.Auth.fields.email);
      fireEvent.change(email, { target: { value: 'not-an-email' } });
      expect(email.getAttribute('aria-invalid')).toBeNull();
      fireEvent.blur(email);
      const text = m.Validation.email.replace('{field}', m.Fields.email);
      await waitFor(() => expect(messageOf(email)).toBe(text));
      expect(email.getAttribute('aria-invalid')).toBe('true');
      // Fixed and left again: the message goes.
      fireEvent.change(email, { target: { value: 'aisha@example.com' } });
      fireEvent.blur(email);
      await waitFor(() => expect(email.getAttribute('aria-invalid')).toBeNull());
      expect(messageOf(email)).toBe('');
    });

    it(`a failed submit shows the summary, focused, and keeps what was typed (${locale})`, async () => {
      renderForm(locale);
      fireEvent.change(field(m.Auth.fields.email), { target: { value: 'not-an-email' } });
      fireEvent.click(screen.getByRole('button', { name: m.Auth.register.submit }));
      await waitFor(() => expect(document.activeElement).toBe(summary()));
      expect(summary().textContent).toContain(m.Forms.summaryTitle);
      expect(summary().textContent).toContain(required(m, 'name'));
      expect(summary().textContent).toContain(m.Validation.email.replace('{field}', m.Fields.email));
      expect(summary().textContent).toContain(required(m, 'password'));
      // Each entry takes you to its field.
      fireEvent.click(screen.getByRole('link', { name: required(m, 'name') }));
      expect(document.activeElement).toBe(field(m.Auth.fields.name));
      expect(field(m.Auth.fields.email).value).toBe('not-an-email');
      expect(fetch).not.toHaveBeenCalled();
    });
  }

  // Written out, not read from the messages, so that a change of the Arabic words is a change of the test
  // (moved from e2e/accounts.spec.ts, "Arabic validation messages on the register form").
  it('says what is missing in Arabic, the number in Arabic-Indic digits', async () => {
    renderForm('ar');
    fireEvent.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));
    await waitFor(() => expect(document.activeElement).toBe(summary()));
    expect(summary().textContent).toContain('حقل الاسم الكامل مطلوب');
    expect(summary().textContent).toContain('حقل البريد الإلكتروني مطلوب');
    const password = field('كلمة المرور');
    fireEvent.change(password, { target: { value: 'abc' } });
    fireEvent.blur(password);
    await waitFor(() => expect(messageOf(password)).toBe('يجب ألا يقل طول كلمة المرور عن ٨ من الأحرف'));
  });

  /** Fills every field of the English form with good values (the name as given) and submits. */
  function fillAndSubmit(name: string) {
    renderForm('en');
    const m = en;
    fireEvent.change(field(m.Auth.fields.name), { target: { value: name } });
    fireEvent.change(field(m.Auth.fields.email), { target: { value: 'aisha@example.com' } });
    fireEvent.change(field(m.Auth.fields.password), { target: { value: PASSWORD } });
    fireEvent.change(field(m.Auth.fields.passwordConfirmation), { target: { value: PASSWORD } });
    fireEvent.click(screen.getByRole('button', { name: m.Auth.register.submit }));
  }

  it('sends trimmed values, signs in and goes home', async () => {
    vi.mocked(fetch).mockResolvedValue(
      new Response(JSON.stringify({ data: { id: 'u1', name: 'Aisha Rahman', email: 'aisha@example.com' }, token: 't' }), { status: 201 }),
    );
    fillAndSubmit('  Aisha Rahman ');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/en'));
    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(url).toBe('/api/v1/auth/register');
    const body = init!.body as FormData;
    expect(body.get('name')).toBe('Aisha Rahman');
    expect(body.has('phone')).toBe(false);
  });

  it('"Start your request": the page asked for goes with the registration (for the confirmation link) and is where it lands', async () => {
    window.history.replaceState(null, '', '/en/auth/register?next=%2Fen%2Fprofile%2Frequests%2Fcreate');
    vi.mocked(fetch).mockResolvedValue(
      new Response(JSON.stringify({ data: { id: 'u1', name: 'Aisha Rahman', email: 'aisha@example.com' }, token: 't' }), { status: 201 }),
    );
    try {
      fillAndSubmit('Aisha Rahman');
      await waitFor(() => expect(replace).toHaveBeenCalledWith('/en/profile/requests/create'));
      expect((vi.mocked(fetch).mock.calls[0]![1]!.body as FormData).get('next')).toBe('/en/profile/requests/create');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  for (const locale of ['en', 'ar'] as const) {
    it(`takes a mobile number as written, in any digits, and sends it as E.164 (${locale})`, async () => {
      vi.mocked(fetch).mockResolvedValue(
        new Response(JSON.stringify({ data: { id: 'u1', name: 'Aisha Rahman', email: 'aisha@example.com' }, token: 't' }), { status: 201 }),
      );
      renderForm(locale);
      const m = MESSAGES[locale];
      const phone = field(m.Auth.fields.phone);
      fireEvent.change(phone, { target: { value: '+12345678' } });
      fireEvent.blur(phone);
      await waitFor(() => expect(messageOf(phone)).toBe(m.Validation.phone));
      fireEvent.change(phone, { target: { value: locale === 'ar' ? '٠٥٠ ١٢٣ ٤٥٦٧' : '(050) 123-4567' } });
      fireEvent.change(field(m.Auth.fields.name), { target: { value: 'Aisha Rahman' } });
      fireEvent.change(field(m.Auth.fields.email), { target: { value: 'aisha@example.com' } });
      fireEvent.change(field(m.Auth.fields.password), { target: { value: PASSWORD } });
      fireEvent.change(field(m.Auth.fields.passwordConfirmation), { target: { value: PASSWORD } });
      fireEvent.click(screen.getByRole('button', { name: m.Auth.register.submit }));
      await waitFor(() => expect(fetch).toHaveBeenCalled());
      expect((vi.mocked(fetch).mock.calls[0]![1]!.body as FormData).get('phone')).toBe('+966501234567');
    });
  }

  it("puts the server's field errors on their fields and in the summary", async () => {
    vi.mocked(fetch).mockResolvedValue(
      new Response(JSON.stringify({ error: { code: 'validation_failed', message: 'Check the fields.', fields: { email: ['This e-mail is taken.'] } } }), { status: 422 }),
    );
    fillAndSubmit('Aisha Rahman');
    const m = en;
    await waitFor(() => expect(document.activeElement).toBe(summary()));
    expect(summary().textContent).toContain('This e-mail is taken.');
    expect(summary().textContent).not.toContain('Check the fields.');
    expect(messageOf(field(m.Auth.fields.email))).toBe('This e-mail is taken.');
    expect(replace).not.toHaveBeenCalled();
  });
});

describe('the sign-in form', () => {
  it('a refused sign-in says why in the summary and keeps the e-mail', async () => {
    vi.mocked(fetch).mockResolvedValue(
      new Response(JSON.stringify({ error: { code: 'invalid_credentials', message: en.ApiErrors.invalid_credentials } }), { status: 422 }),
    );
    renderForm('en', 'login');
    fireEvent.change(field(en.Auth.fields.email), { target: { value: 'aisha@example.com' } });
    fireEvent.change(field(en.Auth.fields.password), { target: { value: 'Not-the-password1!' } });
    fireEvent.click(screen.getByRole('button', { name: en.Auth.login.submit }));
    await waitFor(() => expect(document.activeElement).toBe(summary()));
    expect(summary().textContent).toContain(en.ApiErrors.invalid_credentials);
    expect(field(en.Auth.fields.email).value).toBe('aisha@example.com');
  });

  it('the password can be shown and hidden', async () => {
    renderForm('ar', 'login');
    const password = field(ar.Auth.fields.password);
    expect(password.type).toBe('password');
    const show = screen.getByRole('button', { name: ar.Forms.showField.replace('{field}', ar.Auth.fields.password) });
    await act(async () => fireEvent.click(show));
    expect(password.type).toBe('text');
    expect(show.getAttribute('aria-pressed')).toBe('true');
  });
});
