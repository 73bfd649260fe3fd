import 'server-only';
import type { AppLocale } from '@/i18n/routing';
import type { StaticPageSlug } from '@/lib/content/static-pages';
import { loadContent, splitFrontMatter } from './content-files';
import { renderMarkdown } from './markdown';

export type StaticPage = { slug: StaticPageSlug; title: string; description: string; html: string };

/**
 * content/{locale}/pages/{slug}.md: front matter with `title` and
 * `description` (the page's <title> and meta description), then the body.
 */
export function getStaticPage(locale: AppLocale, slug: StaticPageSlug, root?: string): StaticPage {
  return loadContent(
    locale,
    `pages/${slug}.md`,
    (source) => {
      const { fields, body } = splitFrontMatter(source);
      if (!fields.title || !fields.description) throw new Error(`content/${locale}/pages/${slug}.md needs a title and a description`);
      return { slug, title: fields.title, description: fields.description, html: renderMarkdown(body, { locale }) };
    },
    root,
  );
}
