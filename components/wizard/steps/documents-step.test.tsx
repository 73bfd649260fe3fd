// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import type { RequestDocument } from '@/lib/contract/requests';
import type { Draft } from '../use-draft';
import { DocumentsStep } from './documents-step';

/** XMLHttpRequest as the step uses it, answered when the test says so. */
class FakeUpload {
  static sent: FakeUpload[] = [];
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = '';
  body: FormData | null = null;
  open() {}
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeUpload.sent.push(this);
  }
  answer(status: number, json: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(json);
    this.onload?.();
  }
}

const storedDocument = (pilgrim: string, kind: string) => ({ id: `doc-${pilgrim}-${kind}`, pilgrim, kind, file_name: `${kind}.png`, mime: 'image/png', size: 100, created_at: '2026-11-23T00:00:00.000Z' });

function renderStep(
  complete: Draft['complete'],
  onDone: () => void,
  { companions = [] as Record<string, unknown>[], documents = [] as RequestDocument[], locale = 'en' as 'en' | 'ar' } = {},
) {
  const draft = { answers: { applicant: { name_latin: 'Aisha Rahman' }, companions }, complete } as unknown as Draft;
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : ar} timeZone="Asia/Riyadh">
        <DocumentsStep draft={draft} requestId="req-1" documents={documents} locale={locale} onDone={onDone} />
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

function choose(kind: 'passport' | 'photo', pilgrim = 'Aisha Rahman') {
  const label = en.Wizard.chooseFile.replace('{document}', en.Fields[kind]).replace('{pilgrim}', pilgrim);
  const input = screen.getByRole('button', { name: label }).parentElement!.querySelector('input[type=file]') as HTMLInputElement;
  const file = new File([new Uint8Array([137, 80, 78, 71])], `${kind}.png`, { type: 'image/png' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

beforeEach(() => {
  FakeUpload.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the documents step', () => {
  // One unit for one limit (the second pass, item 6; moved from e2e/second-pass.spec.ts): the limits in megabytes,
  // written out here so that a change of the words is a change of the test, and never in kilobytes.
  for (const [locale, megabytes, kilobytes] of [
    ['en', ['2 MB', '1 MB'], /KB/],
    ['ar', ['٢ ميغابايت', '١ ميغابايت'], /كيلوبايت/],
  ] as const) {
    it(`says the documents' limits in megabytes, never kilobytes (${locale})`, () => {
      const { container } = renderStep(vi.fn(), vi.fn(), { locale });
      const text = container.textContent ?? '';
      for (const limit of megabytes) expect(text).toContain(limit);
      expect(text).not.toMatch(kilobytes);
    });
  }

  it('"Continue" while a file is still uploading waits for it, then checks the step', async () => {
    const complete = vi.fn<Draft['complete']>().mockResolvedValue(undefined as never);
    const onDone = vi.fn();
    const { container } = renderStep(complete, onDone);
    choose('passport');
    choose('photo');
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(2));
    const [passport, photo] = FakeUpload.sent as [FakeUpload, FakeUpload];
    passport.answer(201, { data: storedDocument('applicant', 'passport') });

    fireEvent.submit(container.querySelector('form')!);
    // The photo is still on its way: nothing is checked yet.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(complete).not.toHaveBeenCalled();

    photo.answer(201, { data: storedDocument('applicant', 'photo') });
    await waitFor(() => expect(complete).toHaveBeenCalledWith('documents', {}));
    expect(complete).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an upload that fails does not hold "Continue" back, and its slot says why', async () => {
    const complete = vi.fn<Draft['complete']>().mockResolvedValue(undefined as never);
    const { container } = renderStep(complete, vi.fn());
    choose('passport');
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
    fireEvent.submit(container.querySelector('form')!);
    FakeUpload.sent[0]!.answer(422, { error: { code: 'validation_failed', message: 'The file is not accepted.', fields: { file: ['The file is not a PDF, JPEG or PNG.'] } } });
    await waitFor(() => expect(complete).toHaveBeenCalledTimes(1));
    // Said with the document and whose it is, beside the button and in the error summary.
    const why = 'The passport scan of Aisha Rahman could not be used. The file is not a PDF, JPEG or PNG.';
    await waitFor(() => expect(screen.getAllByText(why).map((element) => element.tagName)).toEqual(['A', 'P']));
  });

  it('shows and sends a companion’s documents by their id, not their place: a list read before a removal shows nothing of the one removed', async () => {
    const zed = '2e2e2e2e-0000-4000-8000-00000000002e';
    const bob = 'b0b0b0b0-0000-4000-8000-00000000000b';
    // Read while Zed was first; the form now lists Bob alone, first.
    const documents = [
      { ...storedDocument('companion-0', 'passport'), id: 'doc-zed', pilgrim_id: zed, file_name: 'zed-passport.png' },
      { ...storedDocument('companion-1', 'passport'), id: 'doc-bob', pilgrim_id: bob, file_name: 'bob-passport.png' },
    ] as RequestDocument[];
    renderStep(vi.fn(), vi.fn(), { companions: [{ name_latin: 'Bob Bobson', pilgrim_id: bob }], documents });
    const section = screen.getByRole('heading', { name: 'Bob Bobson' }).closest('section')!;
    expect(section.textContent).toContain('bob-passport.png');
    expect(screen.queryByText('zed-passport.png')).toBeNull();
    choose('photo', 'Bob Bobson');
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
    expect(FakeUpload.sent[0]!.body!.get('pilgrim')).toBe(bob);
  });
});
