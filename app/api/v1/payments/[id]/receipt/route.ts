import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { receiptPdf } from '@/lib/server/payments/receipt';

// GET /api/v1/payments/{id}/receipt – downloads the receipt of a paid (or refunded) payment as a PDF (owner only; the session cookie works here).
export const GET = route.user({ params: { id: idParam } }, async ({ session, params }) => {
  const { bytes, fileName } = await receiptPdf(session.user.id, params.id);
  return new Response(Buffer.from(bytes), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
});
