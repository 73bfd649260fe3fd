import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { readDocument } from '@/lib/server/requests/documents';

// GET /api/v1/documents/{id} – downloads a document (its owner only; the session cookie works here).
export const GET = route.user({ params: { id: idParam } }, async ({ session, params }) => {
  const { doc, data } = await readDocument(session.user.id, params.id);
  return new Response(Buffer.from(data), {
    headers: {
      'Content-Type': doc.mime,
      'Content-Length': String(data.byteLength),
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(doc.fileName)}`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
});
