// @vitest-environment happy-dom
import type { ReactNode } from 'react';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { ApiClientError } from '@/lib/api-client';
import { encodeRule } from '@/lib/validation/rule-code';
import { FORM_ERROR } from '@/components/ui/error-summary';
import { checkRules, lazyRules, type FormRules } from './form-rules';
import { useApiForm, type ApiFormOptions } from './use-api-form';

type Values = { email: string; companions: { name_ar: string; mobile: string }[] };
const DEFAULTS: Values = { email: '', companions: [{ name_ar: '', mobile: '' }] };

const wrapper = ({ children }: { children: ReactNode }) => (
  <NextIntlClientProvider locale="en" messages={en} timeZone="Asia/Riyadh">
    {children}
  </NextIntlClientProvider>
);

function renderForm(rules?: FormRules<Values>, options?: ApiFormOptions) {
  return renderHook(() => useApiForm<Values>(rules, DEFAULTS, options), { wrapper });
}

/** A refusal as the API answers it (lib/server/http/errors.ts). */
const refusal = (status: number, message: string, fields?: Record<string, string[]>) => new ApiClientError(status, { error: { code: 'x', message, ...(fields ? { fields } : {}) } });

afterEach(() => cleanup());

describe('useApiForm', () => {
  it("puts the server's errors on their fields, nested paths included, and lists them without the general message", async () => {
    const { result } = renderForm();
    await act(() =>
      result.current.onSubmit(() => {
        throw refusal(422, 'Check the fields.', { 'companions.0.name_ar': ['Companion 1: enter the name in Arabic'], email: ['This e-mail is taken.'] });
      })(),
    );
    expect(result.current.summary).toEqual([
      { field: 'companions.0.name_ar', message: 'Companion 1: enter the name in Arabic' },
      { field: 'email', message: 'This e-mail is taken.' },
    ]);
    expect(result.current.form.getFieldState('companions.0.name_ar').error?.message).toBe('Companion 1: enter the name in Arabic');
    expect(result.current.form.getFieldState('email').error?.message).toBe('This e-mail is taken.');
    expect(result.current.attempt).toBe(1);
  });

  it('says the general message first when the server names a field the form does not have, or none at all', async () => {
    const { result } = renderForm();
    await act(() =>
      result.current.onSubmit(() => {
        throw refusal(422, 'Check the fields.', { email: ['This e-mail is taken.'], token: ['The link has expired.'] });
      })(),
    );
    expect(result.current.summary).toEqual([
      { field: FORM_ERROR, message: 'Check the fields.' },
      { field: 'email', message: 'This e-mail is taken.' },
    ]);
    // A 409: the draft changed elsewhere, or the request moved on.
    await act(() =>
      result.current.onSubmit(() => {
        throw refusal(409, 'This request can no longer be changed.');
      })(),
    );
    expect(result.current.summary).toEqual([{ field: FORM_ERROR, message: 'This request can no longer be changed.' }]);
    expect(result.current.attempt).toBe(2);
  });

  it('says the server was not reached, in the form’s own words when it has them', async () => {
    const offline = renderForm();
    await act(() =>
      offline.result.current.onSubmit(() => {
        throw new TypeError('Failed to fetch');
      })(),
    );
    expect(offline.result.current.summary).toEqual([{ field: FORM_ERROR, message: en.Forms.offline }]);
    const saved = renderForm(undefined, { offlineMessage: en.Forms.offlineSaved });
    await act(() =>
      saved.result.current.onSubmit(() => {
        throw new TypeError('Failed to fetch');
      })(),
    );
    expect(saved.result.current.summary).toEqual([{ field: FORM_ERROR, message: en.Forms.offlineSaved }]);
  });

  it('lists what the checks found by path, in words, counts each failed attempt, and clears the summary once the checks pass', async () => {
    let missing = true;
    const rules = checkRules<Values>((values) => ({
      values,
      errors: missing ? { email: encodeRule('required'), 'companions.0.mobile': encodeRule('required') } : {},
    }));
    const action = vi.fn();
    const { result } = renderForm(rules);
    await act(() => result.current.onSubmit(action)());
    await act(() => result.current.onSubmit(action)());
    const required = (field: string) => en.Validation.required.replace('{field}', field);
    expect(result.current.summary).toEqual([
      { field: 'email', message: required(en.Fields.email) },
      { field: 'companions.0.mobile', message: en.Validation.companion.replace('{number}', '1').replace('{message}', required(en.Fields.mobile).replace(/^T/, 't')) },
    ]);
    expect(result.current.attempt).toBe(2);
    expect(action).not.toHaveBeenCalled();

    missing = false;
    await act(() => result.current.onSubmit(action)());
    expect(action).toHaveBeenCalledWith(DEFAULTS);
    expect(result.current.summary).toEqual([]);
    expect(result.current.attempt).toBe(2);
  });

  it('gives the field message the answer, for wording that depends on it (a date in the calendar it was typed in)', async () => {
    const fieldMessage = vi.fn((field: string, message: string | undefined, answer?: unknown) => `${field}: ${message} (${String(answer)})`);
    const rules = checkRules<Values>((values) => ({ values, errors: { 'companions.0.name_ar': 'wrong' } }));
    const { result } = renderHook(() => useApiForm<Values>(rules, { ...DEFAULTS, companions: [{ name_ar: 'x', mobile: '' }] }, { fieldMessage }), { wrapper });
    await act(() => result.current.onSubmit(vi.fn())());
    expect(result.current.summary).toEqual([{ field: 'companions.0.name_ar', message: 'companions.0.name_ar: wrong (x)' }]);
  });

  it("places the server's errors where the form says: its own names for them, or entries of the summary alone", async () => {
    const { result } = renderForm(undefined, {
      placeServerError: (field, message) => (field === 'email_address' ? { field: 'email', message } : { field: 'review-service', message: `Change it: ${message}` }),
    });
    await act(() =>
      result.current.onSubmit(() => {
        throw refusal(422, 'Check the fields.', { email_address: ['This e-mail is taken.'], 'service.package': ['Choose a package.'] });
      })(),
    );
    expect(result.current.summary).toEqual([
      { field: 'email', message: 'This e-mail is taken.' },
      { field: 'review-service', message: 'Change it: Choose a package.' },
    ]);
    expect(result.current.form.getFieldState('email').error?.message).toBe('This e-mail is taken.');
  });

  it('loads rules imported when first needed once, and says so when they cannot load', async () => {
    const load = vi
      .fn<() => Promise<FormRules<Values>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(checkRules<Values>((values) => ({ values, errors: {} })));
    const rules = lazyRules(load);
    const action = vi.fn();
    const { result } = renderForm(rules);
    await act(() => result.current.onSubmit(action)());
    expect(result.current.summary).toEqual([{ field: FORM_ERROR, message: en.Forms.offline }]);
    expect(action).not.toHaveBeenCalled();
    await act(() => result.current.onSubmit(action)());
    await act(() => result.current.onSubmit(action)());
    expect(action).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenCalledTimes(2);
    expect(result.current.summary).toEqual([]);
  });
});
