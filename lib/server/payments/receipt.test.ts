import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { paidAtCounter, submittedRequest } from '@/test/requests';
import { payOnTestGateway, TEST_CARDS } from '@/lib/server/payments/test-gateway';
import { formatHijri, gregorianToHijri } from '@/lib/validation/hijri';
import * as startRoute from '@/app/api/v1/requests/[id]/payments/route';
import * as paymentRoute from '@/app/api/v1/payments/[id]/route';
import * as receiptRoute from '@/app/api/v1/payments/[id]/receipt/route';

withTestDatabase();

/** A submitted Hajj request for two pilgrims with its payment started (pending at the gateway). */
async function startedPayment() {
  const { token } = await newUser();
  const { id, reference } = await submittedRequest(token);
  const submitted = { reference };
  const payment = (await call(startRoute.POST, { token, params: { id }, body: {} })).json!.data;
  return { token, requestId: id, reference: submitted.reference as string, payment: payment as { id: string; redirect_url: string } };
}

/** The same, paid with the success card and settled by GET /payments/{id}. */
async function paidPayment() {
  const started = await startedPayment();
  await payOnTestGateway(started.payment.redirect_url.split('/').pop()!, TEST_CARDS.success);
  const settled = (await call(paymentRoute.GET, { token: started.token, params: { id: started.payment.id } })).json!.data;
  expect(settled.status).toBe('paid');
  return { ...started, settled: settled as { paid_at: string; amount_minor: number; currency: string } };
}

async function download(id: string, auth: { token?: string; cookie?: string }) {
  const headers = new Headers();
  if (auth.token) headers.set('authorization', `Bearer ${auth.token}`);
  if (auth.cookie) headers.set('cookie', auth.cookie);
  const response = await receiptRoute.GET(new Request(`http://portal.test/api/v1/payments/${id}/receipt`, { headers }), {
    params: Promise.resolve({ id }),
  });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/**
 * The page's text as drawn, one line per text block, glyphs mapped back through
 * each font's ToUnicode map. It is in visual order: Arabic comes out reversed.
 */
function pageText(pdf: PDFDocument): string {
  const page = pdf.getPage(0);
  const fonts = page.node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
  const maps = new Map<string, Map<string, string>>();
  for (const [key, ref] of fonts.entries()) {
    const font = pdf.context.lookup(ref, PDFDict);
    const stream = pdf.context.lookup(font.get(PDFName.of('ToUnicode'))) as PDFRawStream;
    const cmap = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    const map = new Map<string, string>();
    for (const [, glyph, unicode] of cmap.matchAll(/<([0-9a-f]{4})> <([0-9a-f]+)>/gi)) {
      map.set(glyph!.toLowerCase(), String.fromCharCode(...unicode!.match(/.{4}/g)!.map((h) => parseInt(h, 16))));
    }
    maps.set(key.asString(), map);
  }
  const contents = page.node.Contents()!;
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref as PDFRef) as PDFRawStream) : [contents as PDFRawStream];
  const operators = streams.map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1')).join('\n');
  let text = '';
  let font: Map<string, string> | undefined;
  for (const [, name, glyphs, end] of operators.matchAll(/(\/\S+) [\d.]+ Tf|<([0-9a-fA-F]+)> Tj|\b(ET)\b/g)) {
    if (name) font = maps.get(name);
    else if (glyphs) text += font?.get(glyphs.toLowerCase()) ?? '?';
    else if (end) text += '\n';
  }
  return text;
}

const reversed = (text: string) => Array.from(text).reverse().join('');

describe('GET /payments/{id}/receipt', () => {
  it('answers the owner a one-page bilingual A4 PDF of the paid payment', async () => {
    const { token, reference, payment, settled } = await paidPayment();
    expect(reference).toMatch(/^HJ-\d{4}-\d{6}$/);
    const { response, bytes } = await download(payment.id, { token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''receipt-${reference}.pdf`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(Number(response.headers.get('content-length'))).toBe(bytes.byteLength);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');

    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);

    const amount = `${settled.currency} ${(settled.amount_minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    const paidDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(new Date(settled.paid_at));
    const hijri = formatHijri(gregorianToHijri(paidDay));
    expect(pdf.getTitle()).toContain(reference);
    expect(pdf.getAuthor()).toBe('Labbaik Pilgrim Services');
    for (const expected of [reference, amount, hijri, paidDay, payment.id]) {
      expect(pdf.getSubject()).toContain(expected);
      expect(pdf.getKeywords()).toContain(expected);
    }

    // What is drawn: Latin runs read left to right, Arabic runs are shaped and stored right to left (visual order).
    const text = pageText(pdf);
    for (const expected of ['Labbaik Pilgrim Services', 'Payment receipt', reference, amount, hijri, '•••• 1111', payment.id, 'Paid', 'Aisha Rahman', 'Mohammed Rahman']) {
      expect(text).toContain(expected);
    }
    for (const arabic of ['لبيك لخدمات الحجاج', 'إيصال دفع', 'مدفوع', 'عائشة رحمن', 'محمد رحمن', 'ريال سعودي']) {
      expect(text).toContain(reversed(arabic));
    }
    // The Arabic column counts in Arabic-Indic digits, as the Arabic pages do: the amount and the dates
    // (docs/DIGITS.md); the reference, the card and the payment's id are identifiers and stay as printed.
    const arabicIndic = (western: string) => western.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
    const amountAr = arabicIndic((settled.amount_minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })).replace(/,/g, '٬').replace('.', '٫');
    expect(text).toContain(amountAr);
    expect(text).toContain(arabicIndic(hijri));
    expect(text).toContain(arabicIndic(paidDay.slice(0, 4)));
    expect(text).not.toContain(reversed('ر.س'));
    // Two faces of each script are embedded (regular and semibold).
    expect(pdf.getPage(0).node.Resources()!.lookup(PDFName.of('Font'), PDFDict).keys().length).toBe(4);
  });

  // Issue 63, item 9: the English column named the payer by the account's name, in Arabic letters when it was written so.
  it('names the payer in Latin letters in the English column, and in Arabic letters in the Arabic one, from their own answers', async () => {
    const { token } = await newUser('عائشة رحمن');
    const { id } = await submittedRequest(token);
    const started = (await call(startRoute.POST, { token, params: { id }, body: {} })).json!.data as { id: string; redirect_url: string };
    await payOnTestGateway(started.redirect_url.split('/').pop()!, TEST_CARDS.success);
    expect((await call(paymentRoute.GET, { token, params: { id: started.id } })).json!.data.status).toBe('paid');
    const pdf = await PDFDocument.load((await download(started.id, { token })).bytes, { updateMetadata: false });
    const lines = pageText(pdf).split('\n');
    // The pilgrims' row and the payer's, in each column: the applicant paid.
    expect(lines.filter((line) => line === 'Aisha Rahman')).toHaveLength(2);
    expect(lines.filter((line) => line === reversed('عائشة رحمن'))).toHaveLength(2);
  });

  it('works with the session cookie, as a download link does', async () => {
    const { token, payment } = await paidPayment();
    const { response, bytes } = await download(payment.id, { cookie: `session=${token}` });
    expect(response.status).toBe(200);
    expect(bytes.byteLength).toBeGreaterThan(1000);
  });

  it('says "Refunded" once the office cancelled the paid request', async () => {
    const { officeMove } = await import('@/lib/server/requests/office-moves');
    const { token, requestId, payment } = await paidPayment();
    await officeMove(requestId, 'cancelled', 'The season is full');
    const { response, bytes } = await download(payment.id, { token });
    expect(response.status).toBe(200);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getKeywords()).toContain('Refunded');
    const text = pageText(pdf);
    expect(text).toContain('Refunded');
    // The font joins ت and ر into one glyph, which maps back to both letters in logical order: compare the letters.
    const letters = (line: string) => Array.from(line).sort().join('');
    expect(text.split('\n').map(letters)).toContain(letters('مسترد'));
  });

  it('names a package change\'s difference as its part, and a payment of which a cheaper package\'s difference went back as partly refunded (issue 57, item 6)', async () => {
    const { queryRows } = await import('@/lib/server/db/client');
    const { sql } = await import('drizzle-orm');
    const letters = (line: string) => Array.from(line.replace(/\s/g, '')).sort().join('');
    const { token, payment, settled } = await paidPayment();
    // As the parts and refunds leave them (app/api/v1/payments/package-change.test.ts makes them through the API).
    await queryRows(sql`update payments set part = 'difference-1', change_refund_minor = 100000, change_refunded_minor = 100000, refunded_at = now() where id = ${payment.id}`);
    const { response, bytes } = await download(payment.id, { token });
    expect(response.status).toBe(200);
    const text = pageText(await PDFDocument.load(bytes));
    for (const expected of ['Difference for the package change', 'Partly refunded', 'Refunded of this payment']) expect(text).toContain(expected);
    expect(text.split('\n').map(letters)).toContain(letters('فرق تغيير الباقة'));
    expect(text).not.toMatch(/^Paid$/m);
    expect(settled.amount_minor).toBeGreaterThan(100000);
  });

  it('names the office counter and the receipt number for money paid there (no card)', async () => {
    const { token } = await newUser();
    const { id, reference } = await submittedRequest(token);
    const { payment } = await paidAtCounter(id);
    const { response, bytes } = await download(payment.id, { token });
    expect(response.status).toBe(200);
    const text = pageText(await PDFDocument.load(bytes));
    for (const expected of [reference, 'Paid', 'Paid at the office counter: receipt number', payment.receipt_number!]) expect(text).toContain(expected);
    expect(text).not.toContain('Card');
    expect(text).toContain(reversed('شباك المكتب'));
  });

  it('a test payment\'s receipt says no money was taken, in both languages; money paid at the counter, or through a real gateway, does not (issue 58, item 9)', async () => {
    // The font joins some Arabic letters into one glyph that maps back in logical order: compare the letters of each line.
    const letters = (line: string) => Array.from(line.replace(/\s/g, '')).sort().join('');
    const lines = (text: string) => text.split('\n').map(letters);
    const { token, payment } = await paidPayment();
    const test = pageText(await PDFDocument.load((await download(payment.id, { token })).bytes));
    expect(test).toContain('Test payment: no money was taken');
    expect(lines(test)).toContain(letters('دفعة تجريبية: لم تُخصم أي أموال'));

    const counter = await newUser();
    const { id } = await submittedRequest(counter.token);
    const { payment: atCounter } = await paidAtCounter(id);
    const paid = pageText(await PDFDocument.load((await download(atCounter.id, { token: counter.token })).bytes));
    expect(paid).toContain('Paid at the office counter: receipt number');
    expect(paid).not.toContain('Test payment');
    expect(lines(paid)).not.toContain(letters('دفعة تجريبية: لم تُخصم أي أموال'));

    // A card payment through Moyasar, drawn from its details: no such line.
    const { renderReceipt } = await import('@/lib/server/payments/receipt');
    const details = { reference: 'HJ-1448-000001', service: null, pilgrims: [{ latin: 'Aisha Rahman', arabic: 'عائشة رحمن' }], amountMinor: 100_000, currency: 'SAR', status: 'paid' as const, paidAt: new Date('2026-11-01T10:00:00Z'), refundedAt: null, cardLast4: '4242', paymentId: 'p1' };
    const real = pageText(await PDFDocument.load(await renderReceipt(details)));
    expect(real).toContain('•••• 4242');
    expect(real).not.toContain('Test payment');
    const drawnTest = pageText(await PDFDocument.load(await renderReceipt({ ...details, testPayment: true })));
    expect(drawnTest).toContain('Test payment: no money was taken');
  });

  it('another user\'s payment does not exist for them: 404', async () => {
    const { payment } = await paidPayment();
    const other = await newUser('Other');
    const { status, json } = await call(receiptRoute.GET, { token: other.token, params: { id: payment.id } });
    expect(status).toBe(404);
    expect(json!.error.code).toBe('not_found');
    expect((await call(receiptRoute.GET, { token: other.token, params: { id: 'not-a-uuid' } })).status).toBe(404);
  });

  it('a payment not paid yet has no receipt: 409', async () => {
    const { token, payment } = await startedPayment();
    const { status, json } = await call(receiptRoute.GET, { token, params: { id: payment.id } });
    expect(status).toBe(409);
    expect(json!.error.code).toBe('conflict');
  });

  it('says the fee as it was at that payment and what it left, not the fee of a package chosen since (issue 57, item 6)', async () => {
    const { packageFees, paidThenChangesAsked, choosePackage, resend, PACKAGE_FEES } = await import('@/test/package-change');
    const { payPart } = await import('@/test/payments');
    const { useOpsKey } = await import('@/test/staff');
    useOpsKey();
    const paymentsRoute = await import('@/app/api/v1/requests/[id]/route');
    await packageFees();
    const { pilgrim, id } = await paidThenChangesAsked('economy');
    await choosePackage(pilgrim.token, id, 'premium');
    expect((await resend(pilgrim.token, id)).status).toBe(200);
    const difference = await payPart(pilgrim.token, id);
    expect(difference.status).toBe('paid');
    const request = (await call(paymentsRoute.GET, { token: pilgrim.token, params: { id } })).json!.data as { payments: { id: string; part: string }[] };
    const full = request.payments.find((payment) => payment.part === 'full')!;
    const sar = (minor: number) => `SAR ${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    const rows = (text: string) => text.split('\n');
    // The economy fee paid in full: its receipt says that fee, and nothing left to pay after it.
    const first = rows(pageText(await PDFDocument.load((await download(full.id, { token: pilgrim.token })).bytes)));
    // A row: its English label, its Arabic label, then the amount in each language's digits.
    const after = (lines: string[], label: string) => lines.slice(lines.indexOf(label) + 1, lines.indexOf(label) + 4).find((line) => line.startsWith('SAR'));
    expect(after(first, 'Total fee of the request')).toBe(sar(PACKAGE_FEES.economy * 2));
    expect(after(first, 'Still to pay after this payment')).toBe(sar(0));
    // The difference's receipt: the premium fee, paid in full by it.
    const second = rows(pageText(await PDFDocument.load((await download(difference.id, { token: pilgrim.token })).bytes)));
    expect(after(second, 'Total fee of the request')).toBe(sar(PACKAGE_FEES.premium * 2));
    expect(after(second, 'Still to pay after this payment')).toBe(sar(0));
    useOpsKey(undefined);
  }, 90_000);

  it('signed out: 401', async () => {
    const { payment } = await paidPayment();
    const { status, json } = await call(receiptRoute.GET, { params: { id: payment.id } });
    expect(status).toBe(401);
    expect(json!.error.code).toBe('unauthenticated');
  });
});
