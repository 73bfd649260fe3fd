import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { readDocumentThumbnail } from '@/lib/server/requests/documents';

// GET /api/v1/documents/{id}/thumbnail – a small JPEG of a document, an image shrunk or a PDF's first page (its owner only; the cookie works here, for <img>).
export const GET = route.user({ params: { id: idParam } }, async ({ session, params }) => {
  const data = await readDocumentThumbnail(session.user.id, params.id);
  return new Response(Buffer.from(data), {
    headers: {
      'Content-Type': 'image/jpeg',
      'Content-Length': String(data.byteLength),
      'X-Content-Type-Options': 'nosniff',
      // A passport's picture: kept by no shared cache, and not left in the browser's after the page.
      'Cache-Control': 'private, no-store',
    },
  });
});
