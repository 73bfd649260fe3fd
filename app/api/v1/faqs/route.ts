import { route } from '@/lib/server/http/handler';
import { requestLocale } from '@/lib/server/http/locale';
import { ok } from '@/lib/server/http/respond';
import { getFaqs } from '@/lib/server/content/faqs';

// Content changes only with a deployment; the language comes from Accept-Language.
const CACHING = { 'cache-control': 'public, max-age=300', vary: 'Accept-Language' };

// GET /api/v1/faqs – the FAQs in the reader's language, grouped, answers as HTML.
export const GET = route.public(async ({ request }) => ok(getFaqs(requestLocale(request)), { headers: CACHING }));
