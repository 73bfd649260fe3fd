import { route } from '@/lib/server/http/handler';
import { ApiError } from '@/lib/server/http/errors';
import { requestLocale } from '@/lib/server/http/locale';
import type { ParamValue } from '@/lib/server/http/params';
import { ok } from '@/lib/server/http/respond';
import { getStaticPage } from '@/lib/server/content/static-pages';
import { isStaticPageSlug, type StaticPageSlug } from '@/lib/content/static-pages';

const CACHING = { 'cache-control': 'public, max-age=300', vary: 'Accept-Language' };

/** A `{slug}` that is none of the pages: 404. */
function staticPageSlug(value: ParamValue): StaticPageSlug {
  if (typeof value !== 'string' || !isStaticPageSlug(value)) throw new ApiError('not_found');
  return value;
}

// GET /api/v1/pages/{slug} – a static page (about, terms, privacy, contact) in the reader's language.
export const GET = route.public({ params: { slug: staticPageSlug } }, async ({ request, params }) => {
  const locale = requestLocale(request);
  return ok({ ...getStaticPage(locale, params.slug), locale }, { headers: CACHING });
});
