import 'server-only';
import { rgb } from 'pdf-lib';
import { eq } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import { payments, requests, users } from '@/lib/server/db/schema';
import { companionAccess } from '@/lib/server/requests/shared-requests';
import { translatorFor } from '@/lib/i18n/translator';
import { partName } from '@/lib/server/notifications/render';
import { ApiError } from '@/lib/server/http/errors';
import { findRequestType } from '@/lib/server/requests/request-types';
import { pilgrimsOf } from '@/lib/server/requests/request-rows';
import { moneyOf, refundedOf, TOOK_MONEY_STATUSES } from '@/lib/payments/money';
import { moneyPayment } from '@/lib/server/requests/request-views';
import { refresh } from './payments';
import { OFFICE_TIME_ZONE } from '@/lib/office/time-zone';
import { TEST_PAYMENT_RECEIPT } from '@/lib/payments/test-payment-words';
import { printedAmount, printedMoment, requestFormats } from '@/lib/i18n/formats';
import { Canvas } from '@/lib/server/pdf/canvas';
import { documentWithFonts, type Style } from '@/lib/server/pdf/fonts';
import type { Dir } from '@/lib/server/pdf/text-layout';

/*
 * The payment receipt: one A4 page, English on the left and Arabic on the
 * right, its text laid out and drawn by lib/server/pdf (fonts, bidi runs,
 * shaping), its dates and amounts written by lib/i18n/formats.
 */

export const OFFICE = { en: 'Labbaik Pilgrim Services', ar: 'لبيك لخدمات الحجاج' } as const;

export type ReceiptDetails = {
  reference: string;
  service: { en: string; ar: string } | null;
  /** Applicant first; either name may be empty. */
  pilgrims: { latin: string; arabic: string }[];
  amountMinor: number;
  currency: string;
  status: 'paid' | 'refunded';
  paidAt: Date;
  refundedAt: Date | null;
  cardLast4: string | null;
  /** Paid at the office's counter: the number of the receipt handed over there (no card). */
  counterReceipt?: string | null;
  paymentId: string;
  /** Which part of the fee it paid (issue 42): the whole fee unless the request is paid in parts. */
  part?: { en: string; ar: string } | null;
  /**
   * Who paid: the applicant, or a companion on the request, by their own answers' names (Latin letters for the English
   * column, Arabic for the Arabic one: issue 63, item 9), the account's name where their answers have none.
   */
  payer?: { latin: string; arabic: string } | null;
  /**
   * Where the request's money stood once this payment was taken (issue 57, item 3): the whole fee and what was
   * still to pay after it. A deposit's receipt says the balance, never reads as the whole fee paid.
   */
  balance?: { feeMinor: number; afterMinor: number } | null;
  /** What of this payment went back, when less than all of it did (a partial refund, issue 57, item 4). */
  refundedMinor?: number | null;
  /** Taken by the built-in test gateway: the receipt says no money was taken (issue 58, item 9). */
  testPayment?: boolean;
};

// ---------------------------------------------------------------- the page

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const GUTTER = 32;
const COLUMN = (A4.width - 2 * MARGIN - GUTTER) / 2;
const LEFT = MARGIN;
const RIGHT = A4.width - MARGIN;

const hex = (value: string) => rgb(parseInt(value.slice(1, 3), 16) / 255, parseInt(value.slice(3, 5), 16) / 255, parseInt(value.slice(5, 7), 16) / 255);
const COLORS = {
  brand: hex('#114331'),
  brandLight: hex('#d9ede3'),
  ink: hex('#1b1f24'),
  muted: hex('#5b6470'),
  rule: hex('#d5dbe0'),
  white: rgb(1, 1, 1),
  paid: { background: hex('#d9ede3'), text: hex('#114331') },
  refunded: { background: hex('#fbeccb'), text: hex('#7a4b00') },
};

/** One value line of a row: its text and its direction (numbers and references are always left to right). */
type Value = { text: string; dir: Dir; kind?: 'name' | 'id' };
type Row = { en: string; ar: string; left: Value[]; right: Value[] };

/** Sizes and spacing of the rows, from the most airy to the tightest. */
type Density = { value: number; name: number; id: number; labelGap: number; lead: number; rowGap: number };
const DENSITIES: Density[] = [
  { value: 11.5, name: 11.5, id: 10, labelGap: 18, lead: 5, rowGap: 16 },
  { value: 11, name: 10, id: 9.5, labelGap: 16, lead: 4, rowGap: 12 },
  { value: 10.5, name: 9, id: 9, labelGap: 15, lead: 3, rowGap: 9 },
  { value: 10, name: 7.5, id: 8.5, labelGap: 14, lead: 2, rowGap: 7 },
  { value: 9, name: 6.5, id: 8, labelGap: 12, lead: 1.5, rowGap: 5 },
];

type Label = (text: string, x: number, at: number, dir: Dir) => void;

/** Draws the rows from `top` down (or only measures them), answering where they end. */
function drawRows(canvas: Canvas, rows: Row[], top: number, density: Density, style: Style, label: Label, draw: boolean): number {
  let y = top;
  for (const row of rows) {
    if (draw) {
      label(row.en, LEFT, y, 'ltr');
      label(row.ar, RIGHT, y, 'rtl');
    }
    // Values go in pairs (a pilgrim's Latin and Arabic name side by side), each pair as tall as its longer side.
    let at = y - density.labelGap;
    for (let i = 0; i < Math.max(row.left.length, row.right.length); i++) {
      let lowest = at;
      for (const [value, side] of [[row.left[i], 'left'], [row.right[i], 'right']] as const) {
        if (!value) continue;
        const size = value.kind === 'name' ? density.name : value.kind === 'id' ? density.id : density.value;
        let line = at;
        for (const text of canvas.wrap(value.text, COLUMN, style, value.dir, size)) {
          if (draw) {
            const options = { size: canvas.fit(text, COLUMN, style, value.dir, size), style, dir: value.dir, color: COLORS.ink };
            if (side === 'left') canvas.text(text, LEFT, line, options);
            else canvas.text(text, RIGHT, line, options, 'right');
          }
          line -= size + density.lead;
        }
        lowest = Math.min(lowest, line);
      }
      at = lowest;
    }
    y = at - density.rowGap;
  }
  return y;
}

/** The receipt as a PDF, from its details (no database: see receiptPdf). */
export async function renderReceipt(details: ReceiptDetails): Promise<Uint8Array> {
  const { doc, regular, bold } = await documentWithFonts();

  const page = doc.addPage([A4.width, A4.height]);
  const canvas = new Canvas(page);
  const amount = printedAmount(details.amountMinor, details.currency, OFFICE_TIME_ZONE);
  const paid = printedMoment(details.paidAt, OFFICE_TIME_ZONE);
  const refunded = details.refundedAt ? printedMoment(details.refundedAt, OFFICE_TIME_ZONE) : null;
  // Less than all of it went back: refunded in part, or still paid of which a cheaper package's difference went back (issue 57, item 6).
  const partly = details.refundedMinor != null && details.refundedMinor > 0 && details.refundedMinor < details.amountMinor;
  const status = partly
    ? { en: 'Partly refunded', ar: 'مسترد جزئيًا', colors: COLORS.refunded }
    : details.status === 'refunded'
      ? { en: 'Refunded', ar: 'مسترد', colors: COLORS.refunded }
      : { en: 'Paid', ar: 'مدفوع', colors: COLORS.paid };
  const money = (minor: number) => printedAmount(minor, details.currency, OFFICE_TIME_ZONE);
  const amountRow = (en: string, ar: string, minor: number): Row => {
    const printed = money(minor);
    return { en, ar, left: [{ text: printed.en, dir: 'ltr' }], right: [{ text: printed.ar, dir: 'rtl' }] };
  };

  // The header band: office and title, English left, Arabic right.
  const bandHeight = 104;
  canvas.rect(0, A4.height - bandHeight, A4.width, bandHeight, COLORS.brand);
  const officeSize = 17;
  canvas.text(OFFICE.en, LEFT, A4.height - 50, { size: officeSize, style: bold, dir: 'ltr', color: COLORS.white });
  canvas.text(OFFICE.ar, RIGHT, A4.height - 50, { size: officeSize, style: bold, dir: 'rtl', color: COLORS.white }, 'right');
  canvas.text('Payment receipt', LEFT, A4.height - 76, { size: 12, style: regular, dir: 'ltr', color: COLORS.brandLight });
  canvas.text('إيصال دفع', RIGHT, A4.height - 76, { size: 12, style: regular, dir: 'rtl', color: COLORS.brandLight }, 'right');

  // A test payment says so under the header band, in both languages (issue 58, item 9).
  const testBand = details.testPayment ? 26 : 0;
  if (testBand) {
    const top = A4.height - bandHeight;
    canvas.rect(0, top - testBand, A4.width, testBand, COLORS.refunded.background);
    const words = { size: 10.5, style: bold, color: COLORS.refunded.text };
    canvas.text(TEST_PAYMENT_RECEIPT.en, LEFT, top - 17, { ...words, dir: 'ltr' });
    canvas.text(TEST_PAYMENT_RECEIPT.ar, RIGHT, top - 17, { ...words, dir: 'rtl' }, 'right');
  }

  // The amount and the status.
  let y = A4.height - bandHeight - testBand - 40;
  const label = (text: string, x: number, at: number, dir: Dir) =>
    canvas.text(text, x, at, { size: 9, style: regular, dir, color: COLORS.muted }, dir === 'rtl' ? 'right' : 'left');
  label('Amount paid', LEFT, y, 'ltr');
  label('المبلغ المدفوع', RIGHT, y, 'rtl');
  y -= 28;
  const amountSize = Math.min(canvas.fit(amount.en, COLUMN, bold, 'ltr', 22), canvas.fit(amount.ar, COLUMN, bold, 'rtl', 22));
  canvas.text(amount.en, LEFT, y, { size: amountSize, style: bold, dir: 'ltr', color: COLORS.ink });
  canvas.text(amount.ar, RIGHT, y, { size: amountSize, style: bold, dir: 'rtl', color: COLORS.ink }, 'right');
  y -= 30;
  const pill = (text: string, x: number, dir: Dir) => {
    const size = 10;
    const width = canvas.width(text, bold, dir, size) + 20;
    const left = dir === 'rtl' ? x - width : x;
    canvas.rect(left, y - 6, width, 20, status.colors.background);
    canvas.text(text, left + 10, y, { size, style: bold, dir, color: status.colors.text });
  };
  pill(status.en, LEFT, 'ltr');
  pill(status.ar, RIGHT, 'rtl');
  y -= 26;
  canvas.line(LEFT, y, RIGHT, y, COLORS.rule);
  const tableTop = y;
  y -= 26;

  // The details, one row per field, the two columns side by side.
  const rows: Row[] = [
    { en: 'Request reference', ar: 'رقم الطلب', left: [{ text: details.reference, dir: 'ltr' }], right: [{ text: details.reference, dir: 'ltr' }] },
    ...(details.service
      ? [{ en: 'Service', ar: 'الخدمة', left: [{ text: details.service.en, dir: 'ltr' as const }], right: [{ text: details.service.ar, dir: 'rtl' as const }] }]
      : []),
    {
      en: details.pilgrims.length === 1 ? 'Pilgrim' : 'Pilgrims',
      ar: details.pilgrims.length === 1 ? 'الحاج' : 'الحجاج',
      left: details.pilgrims.map((p) => ({ text: p.latin || p.arabic, dir: 'ltr' as const, kind: 'name' as const })),
      right: details.pilgrims.map((p) => ({ text: p.arabic || p.latin, dir: 'rtl' as const, kind: 'name' as const })),
    },
    ...(details.part
      ? [{ en: 'Part of the fee', ar: 'جزء الرسوم', left: [{ text: details.part.en, dir: 'ltr' as const }], right: [{ text: details.part.ar, dir: 'rtl' as const }] }]
      : []),
    ...(details.balance
      ? [amountRow('Total fee of the request', 'إجمالي رسوم الطلب', details.balance.feeMinor), amountRow('Still to pay after this payment', 'المتبقي للدفع بعد هذا الدفع', details.balance.afterMinor)]
      : []),
    ...(partly ? [amountRow('Refunded of this payment', 'المُسترد من هذا الدفع', details.refundedMinor!)] : []),
    ...(details.payer
      ? [
          {
            en: 'Paid by',
            ar: 'الدافع',
            left: [{ text: details.payer.latin, dir: scriptDir(details.payer.latin), kind: 'name' as const }],
            right: [{ text: details.payer.arabic, dir: scriptDir(details.payer.arabic), kind: 'name' as const }],
          },
        ]
      : []),
    {
      en: 'Payment date (Hijri, Umm al-Qura)',
      ar: 'تاريخ الدفع الهجري (أم القرى)',
      left: [
        { text: paid.hijri.en, dir: 'ltr' },
        { text: paid.hijriNumeric, dir: 'ltr' },
      ],
      right: [
        { text: paid.hijri.ar, dir: 'rtl' },
        { text: paid.hijriNumericAr, dir: 'ltr' },
      ],
    },
    {
      en: 'Payment date (Gregorian)',
      ar: 'تاريخ الدفع الميلادي',
      left: [{ text: `${paid.gregorian.en}, ${paid.time} (Riyadh time)`, dir: 'ltr' }],
      right: [{ text: `${paid.gregorian.ar}، الساعة ${paid.timeAr} بتوقيت الرياض`, dir: 'rtl' }],
    },
    ...(refunded
      ? [
          {
            en: 'Refunded on',
            ar: 'تاريخ الاسترداد',
            // A comma, not "·", between the calendars (docs/DIGITS.md).
            left: [{ text: `${refunded.hijriNumeric} AH, ${refunded.gregorian.en}`, dir: 'ltr' as const }],
            right: [{ text: `${refunded.hijriNumericAr} هـ، ${refunded.gregorian.ar}`, dir: 'rtl' as const }],
          },
        ]
      : []),
    details.counterReceipt
      ? {
          en: 'Paid at the office counter: receipt number',
          ar: 'دُفع في شباك المكتب: رقم الإيصال',
          left: [{ text: details.counterReceipt, dir: 'ltr' }],
          right: [{ text: details.counterReceipt, dir: 'ltr' }],
        }
      : {
          en: 'Card',
          ar: 'البطاقة',
          left: [{ text: details.cardLast4 ? `•••• ${details.cardLast4}` : '—', dir: 'ltr' }],
          right: [{ text: details.cardLast4 ? `•••• ${details.cardLast4}` : '—', dir: 'ltr' }],
        },
    { en: 'Payment ID', ar: 'رقم عملية الدفع', left: [{ text: details.paymentId, dir: 'ltr', kind: 'id' }], right: [{ text: details.paymentId, dir: 'ltr', kind: 'id' }] },
  ];

  // As airy as the page allows: fourteen pilgrims and a refund still fit, set tighter.
  const footerTop = MARGIN + 28;
  const density = DENSITIES.find((d) => drawRows(canvas, rows, y, d, regular, label, false) >= footerTop + 8) ?? DENSITIES.at(-1)!;
  y = drawRows(canvas, rows, y, density, regular, label, true);

  // A rule between the columns, and the footer.
  canvas.line(A4.width / 2, tableTop - 12, A4.width / 2, y + density.rowGap + 4, COLORS.rule);
  canvas.line(LEFT, footerTop, RIGHT, footerTop, COLORS.rule);
  const note = { size: 8.5, style: regular, color: COLORS.muted };
  canvas.text('Issued electronically; valid without a signature.', LEFT, MARGIN + 10, { ...note, dir: 'ltr' });
  canvas.text('صدر هذا الإيصال إلكترونيًا وهو معتمد دون توقيع.', RIGHT, MARGIN + 10, { ...note, dir: 'rtl' }, 'right');

  doc.setTitle(`Payment receipt ${details.reference} – ${OFFICE.en}`);
  doc.setAuthor(OFFICE.en);
  doc.setCreator(OFFICE.en);
  doc.setSubject(
    `Payment receipt ${details.reference}: ${amount.en} ${status.en.toLowerCase()} on ${paid.hijriNumeric} AH (${paid.iso}), payment ${details.paymentId}`,
  );
  doc.setKeywords([details.reference, amount.en, paid.hijriNumeric, paid.iso, details.paymentId, status.en]);
  return doc.save();
}

// ---------------------------------------------------------------- from the database

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

function pilgrimNames(data: Record<string, unknown>): ReceiptDetails['pilgrims'] {
  const companions = Array.isArray(data.companions) ? (data.companions as unknown[]) : [];
  return pilgrimsOf(data)
    .map((key) => {
      const pilgrim = (key === 'applicant' ? data.applicant : companions[Number(key.slice('companion-'.length))]) as Record<string, unknown> | undefined;
      return { latin: text(pilgrim?.name_latin), arabic: text(pilgrim?.name_ar) };
    })
    .filter((p) => p.latin || p.arabic);
}

/** A name written in Arabic letters reads right to left. */
const scriptDir = (text: string): Dir => (/[\u0600-\u06ff]/.test(text) ? 'rtl' : 'ltr');

/** A companion's receipt names them alone among the pilgrims (their own answers); none if they have left the request. */
async function ownNameOnly(db: Db, userId: string, requestId: string): Promise<ReceiptDetails['pilgrims']> {
  try {
    const { answers } = await companionAccess(db, userId, requestId);
    return [{ latin: text(answers.name_latin), arabic: text(answers.name_ar) }].filter((p) => p.latin || p.arabic);
  } catch {
    return [];
  }
}

/** The payer by their own answers: the applicant's, or the companion's (their part of the request); the account's name where a script is missing. */
async function payerNames(db: Db, request: typeof requests.$inferSelect, payerId: string, accountName: string): Promise<{ latin: string; arabic: string }> {
  const own =
    payerId === request.userId
      ? { latin: text((request.data.applicant as Record<string, unknown> | undefined)?.name_latin), arabic: text((request.data.applicant as Record<string, unknown> | undefined)?.name_ar) }
      : ((await ownNameOnly(db, payerId, request.id))[0] ?? { latin: '', arabic: '' });
  return { latin: own.latin || accountName, arabic: own.arabic || accountName };
}

/**
 * The whole fee and what was still to pay once this payment was taken: the request's fee as it was then (kept on the
 * payment: a package changed since never rewrites it), less every payment of the request that took money for it up to
 * this one (lib/payments/money.ts counts the same rows).
 */
async function balanceAfter(db: Db, request: typeof requests.$inferSelect, payment: typeof payments.$inferSelect): Promise<ReceiptDetails['balance']> {
  const feeMinor = payment.feeMinor ?? request.feeMinor;
  if (feeMinor === null) return null;
  const at = (payment.paidAt ?? payment.updatedAt).getTime();
  const rows = await db.select().from(payments).where(eq(payments.requestId, request.id));
  const upToThis = rows.filter((row) => (TOOK_MONEY_STATUSES as readonly string[]).includes(row.status) && (row.id === payment.id || (row.paidAt !== null && row.paidAt.getTime() <= at)));
  // As the request stood then: open, and owing what these payments left (not what refunds since gave back, a package
  // change's included).
  const then = upToThis.map((row) => moneyPayment({ ...row, status: 'paid', changeRefundMinor: 0, changeRefundedMinor: 0 }));
  const money = moneyOf({ ...request, feeMinor, status: 'submitted' }, then);
  return { feeMinor, afterMinor: money?.outstanding_minor ?? 0 };
}

/**
 * The receipt of a payment, for the account that paid it while it is on the
 * request, and for the request's applicant (anyone else: 404), once it is paid or refunded
 * (otherwise 409). It names the part of the fee and the payer; a companion's
 * receipt names only them among the pilgrims (never the others' names).
 */
export async function receiptPdf(userId: string, paymentId: string): Promise<{ bytes: Uint8Array; fileName: string }> {
  const db = await getDb();
  const [found] = await db.select({ payment: payments, request: requests }).from(payments).innerJoin(requests, eq(requests.id, payments.requestId)).where(eq(payments.id, paymentId)).limit(1);
  if (!found || (found.payment.userId !== userId && found.request.userId !== userId)) throw new ApiError('not_found');
  // A companion's receipt while they are on the request only: withdrawn, removed or gone, it is a 404 (issue 57, item 7).
  if (found.request.userId !== userId) await companionAccess(db, userId, found.request.id);
  const payment = await refresh(found.payment);
  // Kept money (docs/INSTALMENTS.md) was paid: its receipt says so.
  if (payment.status !== 'paid' && payment.status !== 'refunded' && payment.status !== 'kept') throw new ApiError('conflict');
  const { request } = found;
  const [type, [payer]] = await Promise.all([findRequestType(request.typeId, db), db.select({ name: users.name }).from(users).where(eq(users.id, payment.userId)).limit(1)]);
  const reference = request.reference ?? request.id;
  const en = translatorFor('en');
  const ar = translatorFor('ar');
  const bytes = await renderReceipt({
    reference,
    service: type ? { en: type.nameEn, ar: type.nameAr } : null,
    pilgrims: request.userId === userId ? pilgrimNames(request.data) : await ownNameOnly(db, userId, request.id),
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    status: payment.status === 'refunded' ? 'refunded' : 'paid',
    paidAt: payment.paidAt ?? payment.updatedAt,
    refundedAt: payment.refundedAt,
    cardLast4: payment.cardLast4,
    counterReceipt: payment.provider === 'counter' ? payment.receiptNumber : null,
    paymentId: payment.id,
    part: payment.part === 'full' ? null : { en: partName(en, payment.part, requestFormats('en', OFFICE_TIME_ZONE)), ar: partName(ar, payment.part, requestFormats('ar', OFFICE_TIME_ZONE)) },
    payer: payer ? await payerNames(db, request, payment.userId, payer.name) : null,
    balance: await balanceAfter(db, request, payment),
    refundedMinor: refundedOf(payment),
    testPayment: payment.provider === 'test',
  });
  return { bytes, fileName: `receipt-${reference}${payment.part === 'full' ? '' : `-${payment.part}`}.pdf` };
}
