import { route } from '@/lib/server/http/handler';
import { ApiError } from '@/lib/server/http/errors';
import { requestLocale } from '@/lib/server/http/locale';
import { ok } from '@/lib/server/http/respond';
import { getStaticPage } from '@/lib/server/content/static-pages';
import { isStaticPageSlug } from '@/lib/content/static-pages';

const CACHING = { 'cache-control': 'public, max-age=300', vary: 'Accept-Language' };

// GET /api/v1/pages/{slug} – a static page (about, terms, privacy, contact) in the reader's language.
export const GET = route<{ slug: string }>(async (request, { params }) => {
  const { slug } = await params;
  if (!isStaticPageSlug(slug)) throw new ApiError('not_found');
  const locale = requestLocale(request);
  return ok({ ...getStaticPage(locale, slug), locale }, { headers: CACHING });
});
