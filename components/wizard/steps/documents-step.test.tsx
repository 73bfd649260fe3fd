// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import type { RequestDocument } from '@/lib/contract/requests';
import { ApiClientError } from '@/lib/fetch-json';
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
  const draft = { answers: { applicant: { name_latin: 'Aisha Rahman', name_ar: 'عائشة رحمن' }, companions }, complete } as unknown as Draft;
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : ar} timeZone="Asia/Riyadh">
        <DocumentsStep draft={draft} requestId="req-1" documents={documents} locale={locale} onDone={onDone} />
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

/** The label of a document's "choose a file" button, in the language's own words. */
function chooseLabel(kind: 'passport' | 'photo', pilgrim = 'Aisha Rahman', m = en) {
  return m.Wizard.chooseFile.replace('{document}', m.Fields[kind]).replace('{pilgrim}', pilgrim);
}

function choose(kind: 'passport' | 'photo', pilgrim = 'Aisha Rahman', file = new File([new Uint8Array([137, 80, 78, 71])], `${kind}.png`, { type: 'image/png' }), m = en) {
  const input = screen.getByRole('button', { name: chooseLabel(kind, pilgrim, m) }).parentElement!.querySelector('input[type=file]') as HTMLInputElement;
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
  // Moved from e2e/upload-errors.spec.ts (issue 60, item 8): both refusals are the browser's own (size and type are
  // checked before anything is sent), so nothing of them needs a real browser; now in both languages.
  for (const [locale, limit, size] of [
    ['en', '2 MB', '3 MB'],
    ['ar', '٢ ميغابايت', '٣ ميغابايت'],
  ] as const) {
    it(`a refused upload says why, and the summary lists it with the missing documents, each linked to its button (${locale})`, async () => {
      const m = locale === 'en' ? en : (ar as typeof en);
      const w = m.Wizard;
      // The server's answer to "Continue" with nothing stored: both of the applicant's documents missing.
      const missing = new ApiClientError(422, {
        error: { code: 'validation_failed', message: 'Check the answers.', fields: { 'documents.applicant.passport': ['required'], 'documents.applicant.photo': ['required'] } },
      });
      const complete = vi.fn<Draft['complete']>().mockRejectedValue(missing);
      const { container } = renderStep(complete, vi.fn(), { locale });
      const pilgrim = locale === 'ar' ? 'عائشة رحمن' : 'Aisha Rahman';

      // Too large: the limit and the file's own size, in the page's digits.
      choose('passport', pilgrim, new File([new Uint8Array(3 * 1024 * 1024)], 'scan.pdf', { type: 'application/pdf' }), m);
      const tooLarge = w.uploadTooLarge
        .replace('{document}', m.Fields.passport.toLocaleLowerCase(locale))
        .replace('{pilgrim}', pilgrim)
        .replace('{limit}', limit)
        .replace('{size}', size);
      // Beside the file, as its slot's alert.
      await waitFor(() => expect(screen.getAllByRole('alert').some((alert) => alert.tagName === 'P' && alert.textContent === tooLarge)).toBe(true));

      // Not a type the photo takes.
      choose('photo', pilgrim, new File([new TextEncoder().encode('GIF89a')], 'photo.gif', { type: 'image/gif' }), m);
      const wrongType = w.uploadWrongType.photo.replace('{document}', m.Fields.photo.toLocaleLowerCase(locale)).replace('{pilgrim}', pilgrim);
      await waitFor(() => expect(screen.getAllByText(wrongType, { exact: true }).map((element) => element.tagName)).toContain('P'));
      // Neither went to the server.
      expect(FakeUpload.sent).toHaveLength(0);

      // Continue: the summary takes focus and lists both refusals (in place of "missing" for the same documents), each linked to its button.
      fireEvent.submit(container.querySelector('form')!);
      const summary = await waitFor(() => screen.getAllByRole('alert').find((alert) => alert.textContent?.includes(m.Forms.summaryTitle))!);
      await waitFor(() => expect(document.activeElement).toBe(summary));
      expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual([tooLarge, wrongType]);
      fireEvent.click(within(summary).getByRole('link', { name: wrongType }));
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: chooseLabel('photo', pilgrim, m) })));
    });
  }
});
