import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { officeDocument } from '@/lib/server/office/office-requests';

// GET /api/v1/office/documents/{id}?download=1 – a pilgrim's document for the office: shown inline (an image, a PDF), or downloaded; every view audited.
export const GET = route.staff('queue', { params: { id: idParam } }, async ({ request, member, params }) => {
  const { doc, data } = await officeDocument(params.id, member, clientAddress(request));
  const download = new URL(request.url).searchParams.get('download') === '1';
  return new Response(Buffer.from(data), {
    headers: {
      'Content-Type': doc.mime,
      'Content-Length': String(data.byteLength),
      'Content-Disposition': `${download ? 'attachment' : 'inline'}; filename*=UTF-8''${encodeURIComponent(doc.fileName)}`,
      'X-Content-Type-Options': 'nosniff',
      // Shown in the console's own frame only; nothing in it may run.
      'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox",
      'Cache-Control': 'private, no-store',
    },
  });
});
