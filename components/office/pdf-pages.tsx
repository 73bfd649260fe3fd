'use client';

import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useFormats } from '@/lib/i18n/use-formats';

// A PDF document drawn page by page inside the request's page (issue 18,
// item 3), with pdf.js. Its code (about 1.6 MB) is loaded only when a request
// with a PDF is opened. pdf.js runs on the page's own thread ("fake worker"):
// a bundled worker file would need a worker URL the bundler may rename, and a
// scan of a page or two is drawn in a moment. Under the console's CSP: no eval
// (isEvalSupported: false), no font or script from elsewhere.

/** A long PDF shows its first pages here; the whole of it opens in a new tab. */
const MOST_PAGES = 10;
/** Drawn at this many canvas pixels per PDF point, times the screen's density: sharp enough to read a passport's lines. */
const SCALE = 1.5;

type Shown = { state: 'loading' } | { state: 'failed' } | { state: 'shown'; drawn: number; pages: number };

async function loadPdfJs() {
  const pdfjs = await import('pdfjs-dist');
  const scope = globalThis as typeof globalThis & { pdfjsWorker?: unknown };
  // pdf.js looks for this before it tries to start a worker.
  scope.pdfjsWorker ??= await import('pdfjs-dist/build/pdf.worker.min.mjs');
  return pdfjs;
}

export function PdfPages({ url, label }: { url: string; label: string }) {
  const t = useTranslations('Office.request');
  const formats = useFormats();
  const pagesRef = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState<Shown>({ state: 'loading' });

  useEffect(() => {
    let cancelled = false;
    const holder = pagesRef.current;
    let destroy: (() => Promise<void>) | undefined;
    (async () => {
      try {
        const pdfjs = await loadPdfJs();
        const response = await fetch(url, { credentials: 'same-origin' });
        if (!response.ok) throw new Error(`document answered ${response.status}`);
        const task = pdfjs.getDocument({ data: new Uint8Array(await response.arrayBuffer()), isEvalSupported: false, enableXfa: false });
        destroy = () => task.destroy();
        const pdf = await task.promise;
        const drawn = Math.min(pdf.numPages, MOST_PAGES);
        const density = window.devicePixelRatio || 1;
        for (let number = 1; number <= drawn && !cancelled; number += 1) {
          const page = await pdf.getPage(number);
          const viewport = page.getViewport({ scale: SCALE * density });
          const canvas = document.createElement('canvas');
          canvas.width = Math.floor(viewport.width);
          canvas.height = Math.floor(viewport.height);
          canvas.className = 'h-auto w-full rounded border border-slate-300 bg-white';
          canvas.setAttribute('role', 'img');
          canvas.setAttribute('aria-label', t('pdfPage', { document: label, page: formats.number(number), pages: formats.number(pdf.numPages) }));
          await page.render({ canvas, viewport }).promise;
          if (!cancelled) holder?.append(canvas);
        }
        if (!cancelled) setShown({ state: 'shown', drawn, pages: pdf.numPages });
      } catch {
        if (!cancelled) setShown({ state: 'failed' });
      }
    })();
    return () => {
      cancelled = true;
      holder?.replaceChildren();
      void destroy?.();
    };
    // `label` and the formats only name the pages: drawing again for them would fetch the file again (an audited view).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url]);

  return (
    <div className="flex flex-col gap-2" aria-busy={shown.state === 'loading'}>
      {shown.state === 'loading' && <p className="text-sm text-muted">{t('pdfLoading')}</p>}
      {shown.state === 'failed' && <p className="text-sm">{t('pdfFailed')}</p>}
      <div ref={pagesRef} className="flex max-h-[32rem] flex-col gap-3 overflow-y-auto" data-testid="pdf-pages" />
      {shown.state === 'shown' && shown.drawn < shown.pages && (
        <p className="text-sm text-muted">{t('pdfMore', { shown: formats.number(shown.drawn), pages: formats.number(shown.pages) })}</p>
      )}
    </div>
  );
}
